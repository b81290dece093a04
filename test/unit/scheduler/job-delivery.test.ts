// A prompt job's delivery through the job channel (L-64…L-70) on a real runtime: what the channel receives,
// the log line of every job turn, OK-suppression, failures logged and not retried, unknown agents, and a run
// that paused for a question delivered again when the question expired (L-66, L-67).
import { describe, expect, test } from "bun:test";
import { runJob } from "../../../src/scheduler/run-job.ts";
import { delivered } from "../../../src/scheduler/run-prompt.ts";
import type { JobChannel } from "../../../src/scheduler/types.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { createRun, setRunStatus } from "../../../src/store/runs.ts";
import type { ActiveTurn } from "../../../src/turns/host.ts";
import { sweepExpired } from "../../../src/turns/expiry.ts";
import { until } from "../../helpers/wait.ts";
import { job, jobHarness } from "./harness.ts";

type Delivery = { messages: { text: string; workspace: string }[]; key: string };

/** A job channel that records each delivery and answers `answer` (or throws it). */
function recorder(answer: boolean | Error = true) {
  const got: Delivery[] = [];
  const waiters: (() => void)[] = [];
  const channel: JobChannel = {
    async deliver(messages, key) {
      got.push({ messages, key });
      for (const w of waiters.splice(0)) w();
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  /** Resolves once `n` deliveries were made. */
  const count = async (n: number) => {
    while (got.length < n) await new Promise<void>((r) => waiters.push(r));
    return got;
  };
  return { got, channel, count };
}

const prompt = (body: string, over = {}) =>
  job({ scheduleId: "brief", kind: "prompt", body, name: "Bản tin", ...over });

describe("a prompt job's delivery", () => {
  test("the master's answer goes to the channel unprefixed; the log says delivered=true", async () => {
    const r = recorder();
    const h = jobHarness({}, null, () => r.channel);
    const out = await runJob(h.deps, prompt("Hôm nay trời đẹp."));
    const workspace = h.rt.crew().get("default")!.workspace;
    expect(r.got).toEqual([{ messages: [{ text: "Hôm nay trời đẹp.", workspace }],
      key: expect.stringMatching(new RegExp(`^job:${out.runId}@\\d+$`)) }]);
    expect(h.logs).toContain(`job default/brief: delivered=true conv=${out.conversationId} status=done`);
  });

  test("a member's answer is prefixed [Name] and carries that agent's workspace", async () => {
    const r = recorder();
    const h = jobHarness({ coach: { name: "Coach", workspace: "coach-ws" } }, null, () => r.channel);
    await runJob(h.deps, prompt("Ngủ 7 giờ.", { agentId: "coach" }));
    const ws = h.rt.crew().get("coach")!.workspace;
    expect(ws).toEndWith("coach-ws");
    expect(r.got[0]!.messages).toEqual([{ text: "[Coach] Ngủ 7 giờ.", workspace: ws }]);
  });

  test("an answer of only OK is not delivered, and the log says so", async () => {
    const r = recorder();
    const h = jobHarness({}, null, () => r.channel);
    const out = await runJob(h.deps, prompt("ok!"));
    expect(out.status).toBe("done");
    expect(r.got).toEqual([]);
    expect(h.logs).toContain("job default/brief: nothing to report, not delivered");
    expect(h.logs).toContain(`job default/brief: delivered=false conv=${out.conversationId} status=done`);
  });

  test("a failed delivery is logged once and not retried", async () => {
    for (const answer of [false, new Error("telegram sendMessage: 400 Bad Request: chat not found")]) {
      const r = recorder(answer);
      const h = jobHarness({}, null, () => r.channel);
      const out = await runJob(h.deps, prompt("Báo cáo."));
      expect(r.got).toHaveLength(1);
      const failed = h.logs.filter((l) => l.startsWith("job default/brief: delivery failed, not retried"));
      expect(failed).toHaveLength(1);
      if (answer instanceof Error) expect(failed[0]).toContain("chat not found");
      expect(h.logs).toContain(`job default/brief: delivered=false conv=${out.conversationId} status=done`);
    }
  });

  test("no channel: nothing is sent, delivered=false", async () => {
    const h = jobHarness({}, null, () => null);
    const out = await runJob(h.deps, prompt("Báo cáo."));
    expect(h.logs).toContain(`job default/brief: delivered=false conv=${out.conversationId} status=done`);
  });

  test("a turn cut by a shutdown is not delivered: its run resumes at the next boot", async () => {
    const r = recorder();
    const h = jobHarness({}, null, () => r.channel);
    await h.rt.host.goDown(0);
    const out = await runJob(h.deps, prompt("Báo cáo."));
    expect(out.status).toBe("running");
    expect(r.got).toEqual([]);
    expect(h.logs).toContain(`job default/brief: delivered=false conv=${out.conversationId} status=running`);
  });

  test("a conversation of an agent the runtime does not know is logged and not sent", async () => {
    const r = recorder();
    const h = jobHarness({}, null, () => r.channel);
    const conv = createConversation(h.store, { agentId: "gone", source: "job:gone/brief", autonomous: true });
    const run = createRun(h.store, { agentId: "gone", source: "job:gone/brief", conversationId: conv.id });
    setRunStatus(h.store, run.id, "done", { summary: "x" });
    const turn = { runId: run.id, done: Promise.resolve() } as unknown as ActiveTurn;
    await delivered(h.deps, "gone/brief", conv.id, turn);
    expect(r.got).toEqual([]);
    expect(h.logs).toContain("job gone/brief: agent gone is not in the crew, not delivered");
    expect(h.logs).toContain(`job gone/brief: delivered=false conv=${conv.id} status=done`);
  });

  test("a question left open: run chưa xong now; when it expires, the expired tool first, then the answer",
    async () => {
      const r = recorder();
      const h = jobHarness({}, null, () => r.channel);
      const out = await runJob(h.deps, prompt('/tool ask_user {"question":"Gửi báo cáo không?"}'));
      expect(out.status).toBe("waiting");
      expect(r.got[0]!.messages.map((m) => m.text)).toEqual([
        "Run chưa xong và không để lại câu trả lời nào. " +
          "Tóm tắt: đang chờ bạn trả lời một câu hỏi; 1 bước; đã tiêu $0.",
      ]);
      const later = new Date(Date.now() + 2 * 86_400_000);
      expect(sweepExpired(h.store, h.rt.host, later)).toBe(1);
      expect(h.rt.host.running(out.conversationId!)?.reader).toBe("job");
      const [, second] = await r.count(2);
      const texts = second!.messages.map((m) => m.text);
      expect(texts[0]).toStartWith("Không ai duyệt ask_user trước hạn nên lệnh bị từ chối");
      expect(texts[1]).toStartWith("ask_user: Nobody answered the question before the deadline.");
      expect(second!.key).not.toBe(r.got[0]!.key);
      const delivering = () => h.logs.filter((l) => l.startsWith("job default/brief: delivered=true"));
      const conv = out.conversationId;
      expect(await until(delivering, (l) => l.length >= 2)).toEqual([
        `job default/brief: delivered=true conv=${conv} status=waiting`,
        `job default/brief: delivered=true conv=${conv} status=done`,
      ]);
    });
});
