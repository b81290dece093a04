// Fork's store invariants (K-07…K-12): the copy, its NULL costs, no permissions, renumbered seq, open
// calls closed with a refusal, the refused cut points, a failure mid-fork leaving nothing, the title suffix.
import { describe, expect, test } from "bun:test";
import { CUT } from "../../../src/agent/cut-calls.ts";
import { addAutoApprove, addSpend, deleteConversation, getConversation, listConversations, updateOptions }
  from "../../../src/store/conversations.ts";
import { all, type Store } from "../../../src/store/db.ts";
import { openChild } from "../../../src/store/delegations.ts";
import { appendMessage, listMessages, type NewMessage } from "../../../src/store/messages.ts";
import { enqueue } from "../../../src/store/queue.ts";
import { TFork } from "../../../src/texts/vi-fork.ts";
import { T } from "../../../src/texts/vi.ts";
import { branchTitle, fork, type AgentDefaults } from "../../../src/turns/fork.ts";
import { conversation, memStore } from "../store/helpers.ts";

const DEFAULTS: AgentDefaults = { costCapUsd: 3, autonomous: true, approvalTtlSeconds: 120 };
const defaults = () => DEFAULTS;
const paid = {
  provider: "p", model: "gpt", costUsd: 0.5, inputTokens: 10, outputTokens: 20, cachedTokens: 3, reasoningTokens: 4,
};
const call = (id: string, name = "shell_run") => ({ id, name, arguments: "{}" });

/** Appends each message to `id` in order; returns the stored rows. */
function history(store: Store, id: string, messages: Omit<NewMessage, "conversationId">[]) {
  return messages.map((m) => appendMessage(store, { conversationId: id, ...m }));
}

function forked(store: Store, origin: string, before: number) {
  const out = fork(store, origin, before, defaults);
  if (out.kind !== "forked") throw new Error(`refused: ${out.detail}`);
  return out;
}

describe("fork", () => {
  test("copies every message before the cut, seq from 1, roles, calls and times kept, costs NULL", () => {
    const store = memStore();
    // Another conversation first, so the origin's seq and ids differ and renumbering shows.
    history(store, conversation(store).id, [{ role: "user", content: "khác" }]);
    const o = conversation(store, { title: "Kế hoạch" });
    const [u1, a1, t1, u2, a2, u3] = history(store, o.id, [
      { role: "user", content: "một", createdAt: "2026-01-01T00:00:00.000Z" },
      { role: "assistant", content: "", toolCalls: [call("A")], ...paid },
      { role: "tool", content: "kết quả", toolCallId: "A", name: "shell_run" },
      { role: "user", content: "hai" },
      { role: "assistant", content: "đáp hai", ...paid },
      { role: "user", content: "ba" },
    ]);
    const out = forked(store, o.id, u3!.id);
    expect(out.copied).toBe(5);
    expect(out.closed).toBe(0);
    const copies = listMessages(store, out.conversation.id);
    expect(copies.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    const kept = (m: (typeof copies)[number]) =>
      [m.role, m.content, m.toolCalls, m.toolCallId, m.name, m.model, m.createdAt];
    expect(copies.map(kept)).toEqual([u1!, a1!, t1!, u2!, a2!].map(kept));
    for (const m of copies) {
      expect([m.provider, m.costUsd, m.inputTokens, m.outputTokens, m.cachedTokens, m.reasoningTokens])
        .toEqual([null, null, null, null, null, null]);
    }
    // The origin is unchanged: same messages, same seq.
    expect(listMessages(store, o.id).map((m) => m.id)).toEqual([u1, a1, t1, u2, a2, u3].map((m) => m!.id));
  });

  test("the branch: forked_from set, spend 0, the agent's defaults, no permissions or skills copied", () => {
    const store = memStore();
    const o = conversation(store, { autonomous: false, costCapUsd: 9, skills: ["viet"] });
    addSpend(store, o.id, { usd: 2, unknownCalls: 1 });
    addAutoApprove(store, o.id, "shell_run");
    updateOptions(store, o.id, { autonomous: false });
    const [u1] = history(store, o.id, [{ role: "user", content: "một" }, { role: "assistant", content: "đáp" }]);
    const b = forked(store, o.id, u1!.id).conversation;
    expect(b).toMatchObject({
      forkedFrom: o.id, spentUsd: 0, delegatedUsd: 0, unknownCostCalls: 0, autoApprove: [], skills: [],
      autonomous: true, costCapUsd: 3, approvalTtlSeconds: 120, agentId: o.agentId, parentId: null,
      channel: "web", source: "chat",
    });
    expect(listMessages(store, b.id)).toEqual([]);
  });

  test("[assistant(A,B), tool(A), user]: B is closed in the branch with a refusal, A keeps its result", () => {
    const store = memStore();
    const o = conversation(store);
    const rows = history(store, o.id, [
      { role: "user", content: "làm hai việc" },
      { role: "assistant", content: "", toolCalls: [call("A"), call("B", "file_write")] },
      { role: "tool", content: "xong A", toolCallId: "A", name: "shell_run" },
      { role: "user", content: "tiếp đi" },
    ]);
    const out = forked(store, o.id, rows[3]!.id);
    expect(out).toMatchObject({ copied: 3, closed: 1 });
    const copies = listMessages(store, out.conversation.id);
    expect(copies.map((m) => [m.seq, m.role, m.toolCallId, m.content])).toEqual([
      [1, "user", null, "làm hai việc"],
      [2, "assistant", null, ""],
      [3, "tool", "A", "xong A"],
      [4, "tool", "B", CUT.forked],
    ]);
    expect(copies[3]!.name).toBe("file_write");
    // Nothing was run or asked: the branch has no run and no approval.
    expect(all(store, "SELECT id FROM runs")).toEqual([]);
    expect(all(store, "SELECT id FROM approvals")).toEqual([]);
    expect(listMessages(store, o.id).length).toBe(4);
  });

  test("refuses a cut that is not a stored user message of that conversation, and a delegated child", () => {
    const store = memStore();
    const other = conversation(store);
    const [foreign] = history(store, other.id, [{ role: "user", content: "của cuộc khác" }]);
    const o = conversation(store);
    const [, answer, result] = history(store, o.id, [
      { role: "user", content: "một" },
      { role: "assistant", content: "", toolCalls: [call("A")] },
      { role: "tool", content: "ok", toolCallId: "A", name: "shell_run" },
    ]);
    const queued = enqueue(store, { conversationId: o.id, kind: "follow_up", text: "chờ", source: "web" });
    if (queued.status !== "queued") throw new Error("not queued");
    // A queued message has no row in messages: its id is not one of this conversation's messages.
    expect(listMessages(store, o.id).map((m) => m.id)).not.toContain(queued.item.id);
    const refused = (conv: string, id: number) => fork(store, conv, id, defaults);
    expect(refused(o.id, answer!.id)).toEqual({ kind: "rejected", status: 422, detail: TFork.notUser });
    expect(refused(o.id, result!.id)).toEqual({ kind: "rejected", status: 422, detail: TFork.notUser });
    expect(refused(o.id, foreign!.id)).toEqual({ kind: "rejected", status: 422, detail: TFork.notAMessage });
    expect(refused(o.id, queued.item.id)).toEqual({ kind: "rejected", status: 422, detail: TFork.notAMessage });
    expect(refused("nope", foreign!.id)).toEqual({ kind: "rejected", status: 404, detail: T.conversationNotFound });
    const child = openChild(store, { parentId: o.id, callId: "A", task: "việc con", agentId: "default" });
    const task = listMessages(store, child.id)[0]!;
    expect(refused(child.id, task.id)).toEqual({ kind: "rejected", status: 422, detail: TFork.childRefused });
    expect(listConversations(store, { includeChildren: true }).length).toBe(3);
  });

  test("a failure mid-fork (closing the open calls) leaves no branch and no copied message behind", () => {
    const store = memStore();
    const o = conversation(store, { title: "Gốc" });
    const rows = history(store, o.id, [
      { role: "user", content: "một" },
      { role: "assistant", content: "", toolCalls: [call("A")] },
      { role: "user", content: "hai" },
    ]);
    // The closing insert fails after the branch was created and the history copied into it.
    store.db.run(`CREATE TEMP TRIGGER fail_close BEFORE INSERT ON messages
      WHEN NEW.role = 'tool' AND NEW.conversation_id <> '${o.id}'
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    const before = all(store, "SELECT count(*) AS n FROM messages");
    expect(() => fork(store, o.id, rows[2]!.id, defaults)).toThrow("injected failure");
    expect(listConversations(store, { includeChildren: true }).map((c) => c.id)).toEqual([o.id]);
    expect(all(store, "SELECT count(*) AS n FROM messages")).toEqual(before);
    expect(all(store, "SELECT count(*) AS n FROM messages_fts")).toEqual(before);
    store.db.run("DROP TRIGGER fail_close");
    expect(forked(store, o.id, rows[2]!.id).closed).toBe(1);
  });

  test("'(nhánh)' once, however often a branch is forked again; an untitled origin gets a name", () => {
    const store = memStore();
    const o = conversation(store, { title: "Đi Đà Lạt" });
    const [u] = history(store, o.id, [{ role: "user", content: "một" }, { role: "assistant", content: "đáp" }]);
    const b1 = forked(store, o.id, u!.id).conversation;
    expect(b1.title).toBe(`Đi Đà Lạt ${TFork.suffix}`);
    const [u2] = history(store, b1.id, [{ role: "user", content: "hai" }]);
    const b2 = forked(store, b1.id, u2!.id).conversation;
    expect(b2.title).toBe(`Đi Đà Lạt ${TFork.suffix}`);
    expect(b2.forkedFrom).toBe(b1.id);
    expect(branchTitle("")).toBe(`${T.untitled} ${TFork.suffix}`);
    expect(branchTitle("x".repeat(300)).length).toBe(200);
  });

  test("deleting the origin keeps its branches and only clears their forked_from (K-12)", () => {
    const store = memStore();
    const o = conversation(store);
    const rows = history(store, o.id, [
      { role: "user", content: "một" }, { role: "assistant", content: "đáp" }, { role: "user", content: "hai" },
    ]);
    const b = forked(store, o.id, rows[2]!.id).conversation;
    expect(deleteConversation(store, o.id)).toBe(true);
    expect(getConversation(store, b.id)).toMatchObject({ id: b.id, forkedFrom: null });
    expect(listMessages(store, b.id).map((m) => m.content)).toEqual(["một", "đáp"]);
  });
});
