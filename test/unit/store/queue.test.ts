import { describe, expect, test } from "bun:test";
import {
  QUEUE_LIMIT,
  clearQueue,
  conversationsWithQueue,
  enqueue,
  listQueue,
  moveToHistory,
} from "../../../src/store/queue.ts";
import { appendMessage, listMessages } from "../../../src/store/messages.ts";
import { findRequest } from "../../../src/store/requests.ts";
import { conversation, memStore } from "./helpers.ts";

const followUp = (conversationId: string, text: string, requestId?: string) =>
  ({ conversationId, kind: "follow_up", text, source: "chat", requestId }) as const;

describe("queue", () => {
  test("positions count from 1 and the 21st message is refused", () => {
    const store = memStore();
    const c = conversation(store);
    for (let i = 1; i <= QUEUE_LIMIT; i++) {
      const r = enqueue(store, followUp(c.id, `m${i}`));
      expect(r.status === "queued" && r.position).toBe(i);
    }
    expect(enqueue(store, followUp(c.id, "one too many"))).toEqual({ status: "full" });
    expect(listQueue(store, c.id)).toHaveLength(20);
    expect(enqueue(store, followUp(conversation(store).id, "other conversation")).status).toBe("queued");
  });

  test("a reused request_id stores nothing and reports where it went", () => {
    const store = memStore();
    const c = conversation(store);
    enqueue(store, followUp(c.id, "first"));
    const r = enqueue(store, followUp(c.id, "second", "req-2"));
    const again = enqueue(store, followUp(c.id, "second, resent", "req-2"));
    expect(r.status).toBe("queued");
    expect(again).toEqual({ status: "duplicate", match: { kind: "queued", itemId: (r as { item: { id: number } }).item.id, position: 2 } });
    const sent = appendMessage(store, { conversationId: c.id, role: "user", content: "x", requestId: "req-3" });
    expect(enqueue(store, followUp(c.id, "x", "req-3"))).toEqual({
      status: "duplicate",
      match: { kind: "message", messageId: sent.id },
    });
    expect(listQueue(store, c.id).map((q) => q.text)).toEqual(["first", "second"]);
  });

  test("moveToHistory joins the waiting follow-ups into one user message and moves their request ids", () => {
    const store = memStore();
    const c = conversation(store);
    enqueue(store, { ...followUp(c.id, "one", "r1"), source: "telegram" });
    enqueue(store, { conversationId: c.id, kind: "steer", text: "steer me", source: "chat" });
    enqueue(store, followUp(c.id, "two", "r2"));
    const moved = moveToHistory(store, c.id, "follow_up")!;
    expect(moved.message).toMatchObject({ role: "user", content: "one\n\ntwo", source: "telegram", seq: 1 });
    expect(moved.items.map((q) => q.text)).toEqual(["one", "two"]);
    expect(listQueue(store, c.id).map((q) => q.kind)).toEqual(["steer"]);
    expect(findRequest(store, c.id, "r1")).toEqual({ kind: "message", messageId: moved.message.id });
    expect(findRequest(store, c.id, "r2")).toEqual({ kind: "message", messageId: moved.message.id });
    expect(moveToHistory(store, c.id, "follow_up")).toBeNull();
  });

  test("moveToHistory is atomic: a failed insert keeps the queue rows", () => {
    const store = memStore();
    const c = conversation(store);
    enqueue(store, followUp(c.id, "keep me", "r1"));
    // A negative cost violates a CHECK on messages, so the insert fails inside the transaction.
    expect(() => moveToHistory(store, c.id, "follow_up", { costUsd: -1 })).toThrow(/CHECK/);
    expect(listQueue(store, c.id).map((q) => q.text)).toEqual(["keep me"]);
    expect(listMessages(store, c.id)).toEqual([]);
    expect(findRequest(store, c.id, "r1")).toMatchObject({ kind: "queued" });
  });

  test("clearQueue returns the texts in order and frees their request ids", () => {
    const store = memStore();
    const c = conversation(store);
    enqueue(store, followUp(c.id, "a", "r1"));
    enqueue(store, followUp(c.id, "b"));
    expect(conversationsWithQueue(store)).toEqual([c.id]);
    expect(clearQueue(store, c.id)).toEqual(["a", "b"]);
    expect(listQueue(store, c.id)).toEqual([]);
    expect(conversationsWithQueue(store)).toEqual([]);
    expect(findRequest(store, c.id, "r1")).toBeNull();
    expect(enqueue(store, followUp(c.id, "a again", "r1")).status).toBe("queued");
  });

  test("kind is checked by the schema", () => {
    const store = memStore();
    const c = conversation(store);
    expect(() => enqueue(store, { conversationId: c.id, kind: "later" as "steer", text: "x", source: "chat" })).toThrow(
      /CHECK/,
    );
  });
});
