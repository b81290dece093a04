import { describe, expect, test } from "bun:test";
import { shortenError } from "../../../src/agent/tool-output.ts";
import { renderMarkdown } from "../../../src/export/markdown.ts";
import { EXPORT_RESULT_CHARS, exportRun } from "../../../src/export/run-export.ts";
import type { Store } from "../../../src/store/db.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { addStep, createRun, setRunStatus } from "../../../src/store/runs.ts";
import { T } from "../../../src/texts/vi.ts";
import { conversation, memStore } from "../store/helpers.ts";

const say = (store: Store, conversationId: string, content: string, role: "user" | "assistant" | "tool" = "user", createdAt?: string) =>
  appendMessage(store, { conversationId, role, content, createdAt, ...(role === "tool" ? { name: "file_read", toolCallId: "call_1" } : {}) });
const seqs = (x: ReturnType<typeof exportRun>) => x!.messages.map((m) => m.seq);

describe("run export", () => {
  test("a run owns the messages after its mark up to the next run's mark; a continued run keeps its mark", () => {
    const store = memStore();
    const c = conversation(store);
    const a = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 0 });
    say(store, c.id, "first");
    say(store, c.id, "needs approval", "assistant");
    setRunStatus(store, a.id, "waiting");
    setRunStatus(store, a.id, "running"); // continued after the approval: same run, same mark
    say(store, c.id, "tool output", "tool");
    say(store, c.id, "done", "assistant");
    setRunStatus(store, a.id, "done");
    const b = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 4 });
    say(store, c.id, "second");
    say(store, c.id, "again", "assistant");
    expect(seqs(exportRun(store, a.id, { env: {} }))).toEqual([1, 2, 3, 4]);
    expect(exportRun(store, a.id, { env: {} })!.slice).toBe("after_seq");
    expect(seqs(exportRun(store, b.id, { env: {} }))).toEqual([5, 6]);
    expect(exportRun(store, "nope")).toBeNull();
  });

  test("a run without a mark is sliced by its start and end time and says so", () => {
    const store = memStore();
    const c = conversation(store);
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, startedAt: "2020-01-01T10:00:00.000Z" });
    say(store, c.id, "before", "user", "2020-01-01T09:59:59.000Z");
    say(store, c.id, "during", "assistant", "2020-01-01T10:00:05.000Z");
    setRunStatus(store, run.id, "done");
    say(store, c.id, "after", "user", "2999-01-01T00:00:00.000Z");
    const x = exportRun(store, run.id, { env: {} })!;
    expect(x.slice).toBe("by_time");
    expect(x.messages.map((m) => m.content)).toEqual(["during"]);
    expect(renderMarkdown(x)).toContain("sliced by start/end time");
  });

  test("tool results over 2,000 characters are cut with their full length stated, unless full", () => {
    const store = memStore();
    const c = conversation(store);
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 0 });
    const big = "0123456789".repeat(500);
    say(store, c.id, big, "tool");
    addStep(store, { runId: run.id, type: "tool", name: "file_read", toolCallId: "call_1", arguments: '{"path":"big.txt"}', result: big });
    addStep(store, { runId: run.id, type: "tool", name: "file_list", toolCallId: "call_2", arguments: "not json", result: "a.txt" });
    const x = exportRun(store, run.id, { env: {} })!;
    const [cut, small] = x.tool_calls;
    expect(cut).toMatchObject({ id: "call_1", name: "file_read", arguments: { path: "big.txt" }, result_chars: 5000, truncated: true, status: "done" });
    expect(cut!.result!.startsWith(big.slice(0, EXPORT_RESULT_CHARS))).toBe(true);
    expect(cut!.result).toContain("5000 characters");
    expect(cut!.result!.length).toBeLessThan(EXPORT_RESULT_CHARS + 200);
    expect(small).toMatchObject({ arguments: "not json", result: "a.txt", result_chars: 5, truncated: false });
    // The same result inside the run's steps and the tool message is cut the same way.
    expect(x.run.steps[0]!.result).toBe(cut!.result);
    expect(x.messages[0]!.content).toBe(cut!.result!);
    const full = exportRun(store, run.id, { env: {}, full: true })!;
    expect(full.tool_calls[0]).toMatchObject({ result: big, result_chars: 5000, truncated: false });
    expect(full.messages[0]!.content).toBe(big);
    expect(renderMarkdown(x)).toContain("5000 characters, cut for the export");
  });

  test("child transcripts come only from runs whose source is delegate:<this conversation>, started during the run", () => {
    const store = memStore();
    const parent = conversation(store);
    const other = conversation(store);
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: parent.id, afterSeq: 0 });
    const child = conversation(store, { agentId: "writer", parentId: parent.id, source: `delegate:${parent.id}` });
    const childRun = createRun(store, { agentId: "writer", source: `delegate:${parent.id}`, conversationId: child.id, afterSeq: 0 });
    say(store, child.id, "write a poem");
    say(store, child.id, "roses", "assistant");
    const stranger = conversation(store, { agentId: "writer", parentId: other.id, source: `delegate:${other.id}` });
    createRun(store, { agentId: "writer", source: `delegate:${other.id}`, conversationId: stranger.id, afterSeq: 0 });
    say(store, stranger.id, "not ours");
    setRunStatus(store, run.id, "done");
    const late = conversation(store, { agentId: "writer", parentId: parent.id, source: `delegate:${parent.id}` });
    createRun(store, { agentId: "writer", source: `delegate:${parent.id}`, conversationId: late.id, afterSeq: 0, startedAt: "2999-01-01T00:00:00.000Z" });
    const x = exportRun(store, run.id, { env: {} })!;
    expect(x.children).toEqual([
      { conversation_id: child.id, agent_id: "writer", run_id: childRun.id, messages: [expect.objectContaining({ content: "write a poem" }), expect.objectContaining({ content: "roses" })] },
    ]);
    const md = renderMarkdown(x);
    expect(md).toContain(`### writer: run ${childRun.id}`);
    expect(md).not.toContain("not ours");
  });

  test("secrets are redacted in every string of both formats, and the reminder comes first", () => {
    const store = memStore();
    const c = conversation(store);
    const key = "zK3mQ9vT2xL8pR5wN7yB4";
    const env = { VENDOR_API_KEY: key };
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 0 });
    say(store, c.id, `my key is ${key}`);
    appendMessage(store, { conversationId: c.id, role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "fetch", arguments: `{"auth":"Bearer ${key}"}` }], provider: "fake", model: "echo" });
    addStep(store, { runId: run.id, type: "tool", name: "fetch", toolCallId: "call_1", arguments: JSON.stringify({ header: "Bearer abcdefgh12345678" }), result: "ok sk-live-0123456789abcdef" });
    const failure = shortenError(`${"e".repeat(190)}${key}${"f".repeat(600)}`);
    addStep(store, { runId: run.id, type: "model", name: "openai:x", status: "error", result: failure });
    setRunStatus(store, run.id, "error", { summary: `stopped at ${key.slice(0, 12)}` });
    const x = exportRun(store, run.id, { env })!;
    const json = JSON.stringify(x);
    const md = renderMarkdown(x);
    for (const text of [json, md]) {
      expect(text).not.toContain(key.slice(0, 8));
      expect(text).not.toContain(key.slice(-8));
      expect(text).not.toContain("abcdefgh12345678");
      expect(text).not.toContain("sk-live");
      expect(text).toContain(T.redacted);
    }
    expect(Object.keys(x)[0]).toBe("review_reminder");
    expect(x.review_reminder).toBe(T.exportReviewReminder);
    expect(md.startsWith(`> ${T.exportReviewReminder}`)).toBe(true);
    expect(x.run.steps[1]!.result).toBe(`${"e".repeat(190)}${T.redacted}…${"f".repeat(400)}`);
    expect(x.run.summary).toBe(`stopped at ${T.redacted}`);
  });

  test("without an env option the server's own environment is used", () => {
    const store = memStore();
    const c = conversation(store);
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 0 });
    process.env.EXPORT_UNIT_TEST_TOKEN = "tok-9f8e7d6c5b4a";
    try {
      say(store, c.id, "value tok-9f8e7d6c5b4a here");
      expect(exportRun(store, run.id)!.messages[0]!.content).toBe(`value ${T.redacted} here`);
    } finally {
      delete process.env.EXPORT_UNIT_TEST_TOKEN;
    }
  });
});
