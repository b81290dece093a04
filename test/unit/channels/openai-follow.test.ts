// followRun: what the OpenAI door reads of a run through the real activity hub — its text (stretches
// split by tools joined by a blank line), its end, a pause that nobody answers, a deleted conversation,
// and a caller that goes away. Events are published on the hub as a turn host would.
import { describe, expect, test } from "bun:test";
import { ActivityHub } from "../../../src/activity/hub.ts";
import type { TurnEvent } from "../../../src/agent/events.ts";
import { followRun, type Followed } from "../../../src/channels/openai-follow.ts";
import { createConversation, deleteConversation } from "../../../src/store/conversations.ts";
import { openStore } from "../../../src/store/db.ts";

function setup(graceMs?: number) {
  const store = openStore(":memory:");
  const hub = new ActivityHub();
  const conv = createConversation(store, { agentId: "default", costCapUsd: 0 });
  const cut = new AbortController();
  const events = followRun({ hub, store }, { runId: "r1", conversationId: conv.id }, cut.signal, graceMs);
  const emit = (e: TurnEvent, runId = "r1") => hub.event(runId, conv.id, e);
  const read = async () => {
    const got: Followed[] = [];
    for await (const f of events) got.push(f);
    return got;
  };
  return { store, hub, conv, cut, emit, read };
}

const ask = (deadline: Date, type: "approval_required" | "question" = "approval_required"): TurnEvent =>
  type === "question"
    ? { type, approval_id: "a1", tool_call_id: "c1", question: "?", options: [], deadline_at: deadline.toISOString() }
    : { type, approval_id: "a1", tool_call_id: "c1", tool: "file_write", arguments: "{}", summary: "", reason: null,
        deadline_at: deadline.toISOString() };
const HOUR = 3_600_000;

describe("followRun", () => {
  test("text before and after a tool call, split by a blank line; done ends it; other runs are not read", async () => {
    const s = setup();
    s.emit({ type: "text_delta", text: "Để tôi " });
    s.emit({ type: "text_delta", text: "xem." });
    s.emit({ type: "text_delta", text: "khác" }, "r2");
    s.emit({ type: "tool_call", id: "c1", name: "file_read", arguments: "{}", summary: "" });
    s.emit({ type: "tool_result", id: "c1", name: "file_read", status: "done", output: "x" });
    s.emit({ type: "text_delta", text: "Xong." });
    s.emit({ type: "done", run_id: "r1", text: "Xong." });
    s.emit({ type: "text_delta", text: "sau" });
    expect(await s.read()).toEqual([
      { type: "text", text: "Để tôi xem.\n\nXong." },
      { type: "end", end: { kind: "done" } },
    ]);
  });

  test("a pause answered before the deadline: the continuation of the same run is read to its end", async () => {
    const s = setup();
    s.emit(ask(new Date(Date.now() + HOUR)));
    s.emit({ type: "tool_result", id: "c1", name: "file_write", status: "denied", output: "no" });
    s.emit({ type: "text_delta", text: "Đã bị từ chối." });
    s.emit({ type: "halted", run_id: "r1", reason: "max_steps", text: "" });
    expect(await s.read()).toEqual([
      { type: "text", text: "Đã bị từ chối." },
      { type: "end", end: { kind: "halted", reason: "max_steps" } },
    ]);
  });

  test("nobody answers: past the deadline and the grace the follower ends, saying which kind waited", async () => {
    const approval = setup(0);
    approval.emit(ask(new Date(Date.now() - 1000)));
    expect(await approval.read()).toEqual([{ type: "end", end: { kind: "unanswered", question: false } }]);
    const question = setup(0);
    question.emit(ask(new Date(Date.now() - 1000), "question"));
    expect(await question.read()).toEqual([{ type: "end", end: { kind: "unanswered", question: true } }]);
  });

  test("answered at the last moment: the continued run is followed however long its tool stays silent", async () => {
    const s = setup(0);
    s.emit(ask(new Date(Date.now() - 1000)));
    s.hub.run({ id: "r1", status: "running", conversation_id: s.conv.id });
    // Timers fire in deadline order: the follower's 0 ms one, had it not been cleared, fires before this.
    await new Promise((resolve) => setTimeout(resolve, 5));
    s.emit({ type: "tool_result", id: "c1", name: "shell_run", status: "done", output: "ok" });
    s.emit({ type: "done", run_id: "r1", text: "" });
    expect(await s.read()).toEqual([{ type: "end", end: { kind: "done" } }]);
  });

  test("the conversation deleted while its run waits ends the follower; a mere change does not", async () => {
    const s = setup();
    s.emit(ask(new Date(Date.now() + HOUR)));
    s.hub.conversation({ id: s.conv.id, title: "đổi tên" });
    s.emit({ type: "text_delta", text: "vẫn đây" });
    deleteConversation(s.store, s.conv.id);
    s.hub.conversation({ id: s.conv.id, deleted: true });
    expect(await s.read()).toEqual([{ type: "text", text: "vẫn đây" }, { type: "end", end: { kind: "gone" } }]);
  });

  test("the caller goes away: the reading ends without an end, and later events are not kept", async () => {
    const s = setup();
    s.emit({ type: "text_delta", text: "một" });
    s.cut.abort();
    s.emit({ type: "text_delta", text: "hai" });
    s.emit({ type: "done", run_id: "r1", text: "một hai" });
    expect(await s.read()).toEqual([{ type: "text", text: "một" }]);
  });
});
