import { describe, expect, test } from "bun:test";
import {
  createApproval,
  decideApproval,
  getApproval,
  listDecided,
  listOverdue,
  listPending,
} from "../../../src/store/approvals.ts";
import { deleteConversation, getConversation } from "../../../src/store/conversations.ts";
import { conversation, memStore } from "./helpers.ts";

function pending(store: ReturnType<typeof memStore>, extra: Partial<Parameters<typeof createApproval>[1]> = {}) {
  const c = conversation(store);
  const a = createApproval(store, {
    conversationId: c.id,
    toolCallId: "call_1",
    tool: "shell_run",
    arguments: { command: "ls" },
    ttlSeconds: 600,
    ...extra,
  });
  return { c, a };
}

describe("approvals", () => {
  test("a new request is pending with a deadline ttl seconds ahead", () => {
    const store = memStore();
    const { a } = pending(store);
    expect(a).toMatchObject({ status: "pending", kind: "approval", arguments: { command: "ls" }, always: false, decidedAt: null });
    expect(Date.parse(a.deadlineAt) - Date.parse(a.createdAt)).toBe(600_000);
    expect(listPending(store).map((x) => x.id)).toEqual([a.id]);
  });

  test("a request is decided once; the second decision finds nothing", () => {
    const store = memStore();
    const { a } = pending(store);
    expect(decideApproval(store, a.id, { status: "denied" })).toMatchObject({ status: "denied" });
    expect(decideApproval(store, a.id, { status: "approved" })).toBeNull();
    expect(getApproval(store, a.id)!.status).toBe("denied");
    expect(listPending(store)).toEqual([]);
    expect(listDecided(store).map((x) => x.id)).toEqual([a.id]);
  });

  test("approving with always adds the tool to the conversation's auto_approve in the same decision", () => {
    const store = memStore();
    const { c, a } = pending(store);
    expect(decideApproval(store, a.id, { status: "approved", always: true })!.always).toBe(true);
    expect(getConversation(store, c.id)!.autoApprove).toEqual(["shell_run"]);
  });

  test("a question is answered; an approval cannot be, and a question cannot be approved", () => {
    const store = memStore();
    const { a } = pending(store);
    expect(() => decideApproval(store, a.id, { status: "answered", answer: "2" })).toThrow(/CHECK/);
    const q = pending(store, { kind: "question", tool: "ask_user", reason: "Which one?", options: ["A", "B"] }).a;
    expect(() => decideApproval(store, q.id, { status: "approved" })).toThrow(/CHECK/);
    expect(decideApproval(store, q.id, { status: "answered", answer: "B" })).toMatchObject({ status: "answered", answer: "B", options: ["A", "B"] });
  });

  test("overdue lists only pending requests past their deadline", () => {
    const store = memStore();
    const late = pending(store, { ttlSeconds: 1 }).a;
    const decided = pending(store, { ttlSeconds: 1 }).a;
    decideApproval(store, decided.id, { status: "approved" });
    pending(store, { ttlSeconds: 3600 });
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect(listOverdue(store, soon).map((x) => x.id)).toEqual([late.id]);
    expect(listOverdue(store, new Date(0).toISOString())).toEqual([]);
  });

  test("status is checked and requests go with their conversation", () => {
    const store = memStore();
    const { c, a } = pending(store);
    expect(() => store.db.run("UPDATE approvals SET status = 'maybe' WHERE id = ?", [a.id])).toThrow(/CHECK/);
    deleteConversation(store, c.id);
    expect(getApproval(store, a.id)).toBeNull();
  });
});
