// The in-memory message log and the model's view over it (issue 20): extended with only what was
// appended, never keeping rows read inside a transaction that may roll back, dropped with the conversation.
import { describe, expect, test } from "bun:test";
import { addCompaction } from "../../../src/store/compactions.ts";
import { createConversation, deleteConversation } from "../../../src/store/conversations.ts";
import { openStore } from "../../../src/store/db.ts";
import { messageLog } from "../../../src/store/message-log.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { modelView } from "../../../src/turns/model-view.ts";

const setup = () => {
  const store = openStore(":memory:");
  const conv = createConversation(store, { agentId: "default" }).id;
  const say = (role: "user" | "assistant", content: string, block: string | null = null) =>
    appendMessage(store, { conversationId: conv, role, content, block });
  return { store, conv, say };
};

describe("message log", () => {
  test("a second read returns the same rows plus only the appended ones", () => {
    const { store, conv, say } = setup();
    say("user", "a");
    const first = messageLog(store, conv);
    expect(first.map((m) => m.content)).toEqual(["a"]);
    say("assistant", "b");
    const second = messageLog(store, conv);
    expect(second).toBe(first);
    expect(second.map((m) => m.content)).toEqual(["a", "b"]);
  });

  test("rows read inside a transaction that rolls back are not kept", () => {
    const { store, conv, say } = setup();
    say("user", "kept");
    messageLog(store, conv);
    expect(() =>
      store.tx(() => {
        say("assistant", "rolled back");
        expect(messageLog(store, conv).map((m) => m.content)).toEqual(["kept", "rolled back"]);
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    say("assistant", "after");
    expect(messageLog(store, conv).map((m) => m.content)).toEqual(["kept", "after"]);
  });

  test("a deleted conversation's log is gone with it", () => {
    const { store, conv, say } = setup();
    say("user", "a");
    expect(messageLog(store, conv)).toHaveLength(1);
    deleteConversation(store, conv);
    expect(messageLog(store, conv)).toHaveLength(0);
  });
});

describe("model view", () => {
  test("follows the log as it grows, each block before its message", () => {
    const { store, conv, say } = setup();
    say("user", "hi", "<memory>m1</memory>");
    expect(modelView(store, conv).map((m) => m.content)).toEqual(["<memory>m1</memory>\n\nhi"]);
    say("assistant", "hello");
    say("user", "again", "");
    expect(modelView(store, conv).map((m) => m.content)).toEqual(["<memory>m1</memory>\n\nhi", "hello", "again"]);
  });

  test("after a compaction: the replaced turns' blocks byte for byte, the summary, then the kept messages", () => {
    const { store, conv, say } = setup();
    say("user", "old question", "<memory>notes</memory>");
    say("assistant", "old answer");
    say("user", "kept question", "");
    modelView(store, conv);
    addCompaction(store, { conversationId: conv, uptoSeq: 2, turns: 1, lastSeq: 3, summary: "They asked; it answered.", runId: null });
    const view = modelView(store, conv);
    expect(view).toHaveLength(1);
    expect(view[0]!.content).toBe(
      '<memory>notes</memory>\n\n<earlier-turns count="1">\nThey asked; it answered.\n</earlier-turns>\n\nkept question',
    );
    say("assistant", "kept answer");
    expect(modelView(store, conv).map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  test("a read is the view's own array, extended in place: an earlier read sees later messages", () => {
    const { store, conv, say } = setup();
    say("user", "a");
    const first = modelView(store, conv);
    const kept = [...first];
    say("assistant", "b");
    expect(modelView(store, conv)).toBe(first);
    expect(first).toHaveLength(2);
    expect(kept).toHaveLength(1);
  });
});
