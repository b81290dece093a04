// A prompt job's answer as the chat receives it (L-64…L-70), rule by rule: a table of run facts → messages.
import { describe, expect, test } from "bun:test";
import { jobDelivery, type JobRunFacts } from "../../../src/telegram/job-delivery.ts";

const base: JobRunFacts = {
  speaker: null, workspace: "/ws/master", status: "done", haltReason: null, summary: null, spentUsd: 0.0123,
  unknownCostCalls: 0, steps: 3, texts: ["Chào buổi sáng."], expiredTools: [], pending: null,
};
const texts = (over: Partial<JobRunFacts>) => {
  const d = jobDelivery({ ...base, ...over });
  return d.kind === "nothing" ? null : d.messages.map((m) => m.text);
};
const HI = "Chào buổi sáng.";
const UNFINISHED = "Run chưa xong và không để lại câu trả lời nào. Tóm tắt: ";
const CUT = "Câu trả lời trên bị cắt ngắn: ";
const SPENT = "Run đã tiêu $0.0123.";

const CASES: [string, Partial<JobRunFacts>, string[] | null][] = [
  ["the master's answer goes as is", {}, [HI]],
  ["every assistant text of the turn, in order", { texts: ["Một.", "  ", "Hai."] }, ["Một.\n\nHai."]],
  ["a member's answer is prefixed [Name]", { speaker: "Coach" }, [`[Coach] ${HI}`]],
  ["a member's answer opening with MEDIA: keeps the line whole",
    { speaker: "Coach", texts: ["MEDIA: charts/sleep.png\nTuần này."] },
    ["[Coach]\nMEDIA: charts/sleep.png\nTuần này."]],
  ["OK alone is not delivered", { texts: ["OK"] }, null],
  ["ok. with spaces is not delivered either", { texts: ["  ok. "] }, null],
  ["OK!! too", { texts: ["OK!!"] }, null],
  ["OK, nhưng… is delivered", { texts: ["OK, nhưng đĩa đầy."] }, ["OK, nhưng đĩa đầy."]],
  ["OK from a halted run is still cut short", { status: "halted", haltReason: "budget", texts: ["OK"] },
    ["OK", `${CUT}chạm trần chi phí. ${SPENT}`]],
  ["halted at max_steps with text: the text, then the cut-short line",
    { status: "halted", haltReason: "max_steps" }, [HI, `${CUT}hết số bước tối đa. ${SPENT}`]],
  ["halted by a loop, for a member", { status: "halted", haltReason: "loop", speaker: "Ops", spentUsd: 0.5 },
    [`[Ops] ${HI}`, `[Ops] ${CUT}gọi lại y hệt một lệnh nhiều lần liên tiếp. Run đã tiêu $0.5.`]],
  ["an error with text: its sentence is the reason, unknown-cost calls counted",
    { status: "error", summary: "Nhà cung cấp từ chối yêu cầu.", unknownCostCalls: 2 },
    [HI, `${CUT}Nhà cung cấp từ chối yêu cầu. Run đã tiêu $0.0123 và 2 lần gọi chưa rõ giá.`]],
  ["an empty done turn: the unfinished notice with the summary", { texts: [] },
    [`${UNFINISHED}model kết thúc lượt mà không viết gì; 3 bước; đã tiêu $0.0123.`]],
  ["an empty halted turn", { texts: [""], status: "halted", haltReason: "max_steps", steps: 20, spentUsd: 0 },
    [`${UNFINISHED}hết số bước tối đa; 20 bước; đã tiêu $0.`]],
  ["an empty error turn", { texts: [], status: "error", summary: "HTTP 500 từ nhà cung cấp" },
    [`${UNFINISHED}HTTP 500 từ nhà cung cấp; 3 bước; đã tiêu $0.0123.`]],
  ["an approval still pending: the notice, the text held for the end",
    { status: "waiting", pending: { kind: "approval", tool: "shell_run" }, speaker: "Ops" },
    [`[Ops] ${UNFINISHED}đang chờ bạn duyệt shell_run; 3 bước; đã tiêu $0.0123.`]],
  ["a question still open", { status: "waiting", pending: { kind: "question", tool: "ask_user" } },
    [`${UNFINISHED}đang chờ bạn trả lời một câu hỏi; 3 bước; đã tiêu $0.0123.`]],
  ["an interrupted run without text", { status: "interrupted", texts: [] },
    [`${UNFINISHED}bị dừng giữa chừng; 3 bước; đã tiêu $0.0123.`]],
  ["an expired approval is named first, once per tool", { expiredTools: ["shell_run", "write_file", "shell_run"] },
    ["Không ai duyệt shell_run, write_file trước hạn nên lệnh bị từ chối vì quá hạn; " +
      "phần trả lời sau được viết khi thiếu nó.", HI]],
];

describe("jobDelivery", () => {
  for (const [name, over, want] of CASES) test(name, () => expect(texts(over)).toEqual(want));

  test("every message carries the speaking agent's workspace for its MEDIA: paths", () => {
    const d = jobDelivery({ ...base, workspace: "/ws/coach", status: "halted", haltReason: "budget" });
    expect(d.kind === "send" && d.messages.map((m) => m.workspace)).toEqual(["/ws/coach", "/ws/coach"]);
  });
});
