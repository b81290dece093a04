import { describe, expect, test } from "bun:test";
import { appendMessage, copyMessages, lastSeq, listMessages } from "../../../src/store/messages.ts";
import { findRequest } from "../../../src/store/requests.ts";
import { conversation, memStore } from "./helpers.ts";

describe("messages", () => {
  test("seq is contiguous per conversation, whatever the interleaving", () => {
    const store = memStore();
    const a = conversation(store);
    const b = conversation(store);
    for (let i = 0; i < 5; i++) {
      appendMessage(store, { conversationId: a.id, role: "user", content: `a${i}` });
      if (i % 2 === 0) appendMessage(store, { conversationId: b.id, role: "assistant", content: `b${i}` });
    }
    expect(listMessages(store, a.id).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(listMessages(store, b.id).map((m) => [m.seq, m.content])).toEqual([
      [1, "b0"],
      [2, "b2"],
      [3, "b4"],
    ]);
    expect(lastSeq(store, a.id)).toBe(5);
    expect(listMessages(store, a.id, 3).map((m) => m.content)).toEqual(["a3", "a4"]);
  });

  test("fields round-trip, unknown cost stays NULL, tool calls come back parsed", () => {
    const store = memStore();
    const c = conversation(store);
    const calls = [{ id: "call_1", name: "file_read", arguments: { path: "a.txt" } }];
    const m = appendMessage(store, {
      conversationId: c.id,
      role: "assistant",
      toolCalls: calls,
      model: "m",
      provider: "p",
      inputTokens: 10,
      block: "memory block",
    });
    expect(m).toMatchObject({ seq: 1, content: "", toolCalls: calls, costUsd: null, inputTokens: 10, block: "memory block" });
    expect(listMessages(store, c.id)[0]).toEqual(m);
  });

  test("messages are append-only: an UPDATE is refused", () => {
    const store = memStore();
    const c = conversation(store);
    const m = appendMessage(store, { conversationId: c.id, role: "user", content: "x" });
    expect(() => store.db.run("UPDATE messages SET content = 'y' WHERE id = ?", [m.id])).toThrow(/append-only/);
  });

  test("a request_id is stored with its message, and a reused one stores neither", () => {
    const store = memStore();
    const c = conversation(store);
    const m = appendMessage(store, { conversationId: c.id, role: "user", content: "hi", requestId: "r1" });
    expect(findRequest(store, c.id, "r1")).toEqual({ kind: "message", messageId: m.id });
    expect(() => appendMessage(store, { conversationId: c.id, role: "user", content: "again", requestId: "r1" })).toThrow(
      /UNIQUE/,
    );
    expect(listMessages(store, c.id).map((x) => x.content)).toEqual(["hi"]);
    expect(findRequest(store, conversation(store).id, "r1")).toBeNull(); // scoped per conversation
  });

  test("a request_id longer than 64 characters is refused", () => {
    const store = memStore();
    const c = conversation(store);
    expect(() =>
      appendMessage(store, { conversationId: c.id, role: "user", content: "x", requestId: "r".repeat(65) }),
    ).toThrow(/CHECK/);
    expect(listMessages(store, c.id)).toEqual([]);
  });

  test("a message for a missing conversation fails (foreign keys are on)", () => {
    const store = memStore();
    expect(() => appendMessage(store, { conversationId: "nope", role: "user", content: "x" })).toThrow(/FOREIGN KEY/);
  });

  test("copyMessages renumbers from 1 and drops provider, cost and tokens", () => {
    const store = memStore();
    const from = conversation(store);
    for (const [role, content] of [["user", "q1"], ["assistant", "a1"], ["user", "q2"], ["assistant", "a2"]] as const) {
      appendMessage(store, { conversationId: from.id, role, content, provider: "p", model: "m", costUsd: 0.5, outputTokens: 3 });
    }
    const to = conversation(store, { forkedFrom: from.id });
    expect(copyMessages(store, from.id, to.id, 3)).toBe(2);
    const copies = listMessages(store, to.id);
    expect(copies.map((m) => [m.seq, m.role, m.content, m.model])).toEqual([
      [1, "user", "q1", "m"],
      [2, "assistant", "a1", "m"],
    ]);
    expect(copies.every((m) => m.provider === null && m.costUsd === null && m.outputTokens === null)).toBe(true);
    expect(copies[0].createdAt).toBe(listMessages(store, from.id)[0].createdAt);
  });
});
