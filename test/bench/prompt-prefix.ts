// Prompt-prefix stability over a scripted day (G-05…G-07): 20 turns to the real binary on one channel
// conversation, a memory_save at turn 10 and a note saved by another conversation at turn 15, against a
// local OpenAI-format double that records every request. For each turn's model call: the share of its
// prompt bytes (system prompt and history, one JSON message per line; the tool declarations, the same on
// every call, are left out) identical to the previous call's. Titles and summaries are not turn calls. For
// contrast, the same recorded calls rebuilt in the layout before blocks (the notes as each turn began closing
// the system prompt, no blocks) are measured the same way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDate, startOfLocalDay } from "../../src/config/owner-time.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";
import { startStrictProvider } from "../helpers/strict-provider.ts";
import { figure } from "./figures.ts";

const provider = startStrictProvider({ pieceMs: 0 });
const home = tempDir("bench-prefix");
writeFileSync(join(home, "persona.md"), "Xưng là trợ lý, trả lời ngắn gọn.\n".repeat(20));
writeFileSync(join(home, "MEMORY.md"), "- Dự án: my-crew, bản 0.2.\n".repeat(30));
mkdirSync(join(home, "users", "owner"), { recursive: true });
writeFileSync(join(home, "users", "owner", "USER.md"), "- Tên: Lan. Sống ở Đà Lạt.\n".repeat(30));
mkdirSync(join(home, "memory"), { recursive: true });
const ZONE = "Asia/Ho_Chi_Minh";
const yesterday = localDate(new Date(startOfLocalDay(new Date(), ZONE).getTime() - 1), ZONE);
writeFileSync(join(home, "memory", `${yesterday}.md`), "- 21:00 Đã chạy 5 km.\n- 21:30 Khám răng thứ năm.\n");

const env = {
  MY_AGENT_ROUTES: "openai:m-1", OPENAI_API_KEY: "sk-bench", OPENAI_BASE_URL: provider.url, MY_AGENT_TIMEZONE: ZONE,
};
const server = await startBinary(["--port", "0", "--home", home, "--no-schedule"], { env });

const OTHER_NOTE = '{"scope":"agent","text":"Dời lịch chạy."}';
const script: { channel: string; text: string }[] = Array.from({ length: 20 }, (_, i) => ({
  channel: "api",
  text: `Câu hỏi số ${i + 1} trong ngày: hôm nay nên làm gì tiếp theo?`,
}));
script[9] = { channel: "api", text: '/tool memory_save {"scope":"user","text":"Thích trà xanh buổi sáng."}' };

try {
  // For the comparison below: the notes as each turn of the day's conversation begins.
  const notesAtTurn: string[] = [];
  const turnOfCall: number[] = [];
  for (const [i, step] of script.entries()) {
    if (i === 14) await post({ channel: "api:other", text: `/tool memory_save ${OTHER_NOTE}` });
    notesAtTurn.push(notesNow());
    await post(step);
    while (turnOfCall.length < mainCalls().length) turnOfCall.push(i);
  }
  const calls = mainCalls();
  const now = stability(calls.map(serialise));
  console.log(now.rows.join("\n"));
  // The layout before blocks: the day's notes closing the system prompt (read once per turn), none by messages.
  const old = stability(calls.map((r, k) => serialise(oldLayout(r, notesAtTurn[turnOfCall[k]!]!))));
  const tail = "of prompt bytes identical to the previous call; the previous prompt cut short";
  console.log(`prompt-prefix stability over ${script.length} turns (${calls.length} model calls, memory_save at ` +
    `turn 10, a note from another conversation before turn 15): ${now.share} ${tail} ${now.cut} time(s)`);
  console.log(`the same day with the notes closing the system prompt instead: ${old.share} ${tail} ${old.cut} ` +
    `time(s)${old.rows.filter((r) => r.includes("cut at")).map((r) => `\n  ${r}`).join("")}`);
  figure({ row: "prompt bytes identical to the previous model call over a scripted day", value: now.share });
  if (provider.refusals.length > 0) throw new Error(`the provider refused: ${provider.refusals.join("; ")}`);
} finally {
  await server.stop();
  provider.stop();
}

async function post(body: { channel: string; text: string }): Promise<void> {
  const res = await fetch(`${server.url}/api/inbound`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { status?: string };
  if (reply.status !== "done") throw new Error(`turn ended ${JSON.stringify(reply)}`);
}

type Msg = { role: string; content?: string | null };

/** The day's conversation's turn calls (not titles, summaries or the other channel's), in order. */
function mainCalls(): Msg[][] {
  return provider.requests.filter((r) => r[0]?.content?.startsWith("You are ") && isMain(r));
}

function notesNow(): string {
  const today = localDate(new Date(), ZONE);
  const files = [`users/owner/memory/${today}.md`, `memory/${yesterday}.md`, `memory/${today}.md`];
  return files.map((f) => (existsSync(join(home, f)) ? readFileSync(join(home, f), "utf8") : "")).join("\n");
}

/** A recorded request as the earlier layout would have sent it: notes at the system prompt's end, no blocks. */
function oldLayout(r: Msg[], notes: string): Msg[] {
  const words = (m: Msg) => (m.content ?? "").replace(/^<memory>\n[\s\S]*\n<\/memory>\n\n/, "");
  const history = r.slice(1).map((m) => (m.role === "user" ? { ...m, content: words(m) } : m));
  return [{ ...r[0]!, content: `${r[0]!.content}\n\n${notes}` }, ...history];
}

/** Per call, the share of its bytes the previous call's prompt shares as a prefix; overall over calls 2…n. */
function stability(texts: string[]): { rows: string[]; share: string; cut: number } {
  const rows = [`call  1: ${texts[0]!.length} B, no previous call`];
  let shared = 0;
  let total = 0;
  let cut = 0;
  for (let i = 1; i < texts.length; i++) {
    const [before, text] = [texts[i - 1]!, texts[i]!];
    const common = commonPrefix(before, text);
    shared += common;
    total += text.length;
    // Kept whole: the previous prompt is this one's prefix, so only the new messages are uncached.
    if (common !== before.length) cut++;
    const kept = common === before.length ? "kept whole" : `cut at byte ${common} of ${before.length}`;
    const call = String(i + 1).padStart(2);
    rows.push(`call ${call}: ${text.length} B, ${pct(common, text.length)} identical to the previous (${kept})`);
  }
  return { rows, share: pct(shared, total), cut };
}

/** The day's conversation (not the other channel's), told apart by its first message. */
function isMain(r: Msg[]): boolean {
  return (r[1]?.content ?? "").includes("Câu hỏi số 1 trong ngày");
}

function serialise(messages: Msg[]): string {
  return messages.map((m) => JSON.stringify(m)).join("\n");
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

function pct(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}
