import { describe, expect, test } from "bun:test";
import { appendMessage, copyMessages } from "../../../src/store/messages.ts";
import { deleteConversation } from "../../../src/store/conversations.ts";
import { POOL, searchMessages, toFtsQuery, type SearchHit } from "../../../src/store/search.ts";
import { conversation, memStore } from "./helpers.ts";

/** The snippet without its highlight markers: for short messages, the whole text. */
const text = (h: SearchHit) => h.snippet.replace(/[\u0002\u0003]/g, "");

function seeded() {
  const store = memStore();
  const c = conversation(store, { title: "Du lịch" });
  appendMessage(store, { conversationId: c.id, role: "user", content: "Tôi đang đọc sách" });
  appendMessage(store, { conversationId: c.id, role: "assistant", content: "Cuối tuần đi Đà Lạt nhé" });
  appendMessage(store, { conversationId: c.id, role: "user", content: "nothing relevant" });
  return { store, c };
}

describe("message search", () => {
  test('"doc" finds "đọc" (d-stroke folded, tone marks removed)', () => {
    const { store, c } = seeded();
    const hits = searchMessages(store, "doc");
    expect(hits.map(text)).toEqual(["Tôi đang đọc sách"]);
    expect(hits[0]).toMatchObject({ conversationId: c.id, agentId: "default", conversationTitle: "Du lịch", seq: 1 });
  });

  test('"da lat" finds "Đà Lạt", and so does the accented query', () => {
    const { store } = seeded();
    expect(searchMessages(store, "da lat").map(text)).toEqual(["Cuối tuần đi Đà Lạt nhé"]);
    expect(searchMessages(store, "ĐÀ LẠT").map(text)).toEqual(["Cuối tuần đi Đà Lạt nhé"]);
  });

  test("all words must match", () => {
    const { store } = seeded();
    expect(searchMessages(store, "doc lat")).toEqual([]);
  });

  test("hostile input never throws and is searched as plain words", () => {
    const { store, c } = seeded();
    appendMessage(store, { conversationId: c.id, role: "user", content: "use AND or NOT here" });
    for (const q of ['"', 'AND(', "NOT", "*", "-", "a OR", "NEAR(x y)", "col:doc", "'; DROP TABLE messages; --", "((", "^"]) {
      expect(() => searchMessages(store, q)).not.toThrow();
    }
    expect(searchMessages(store, "AND(").map(text)).toEqual(["use AND or NOT here"]);
    expect(searchMessages(store, '"doc')).toHaveLength(1);
    expect(searchMessages(store, "   ")).toEqual([]);
    expect(toFtsQuery('say "hi" AND(')).toBe('"say" "hi" "AND("');
  });

  test("agentId scopes the search to that agent's conversations", () => {
    const { store } = seeded();
    const other = conversation(store, { agentId: "coach" });
    appendMessage(store, { conversationId: other.id, role: "user", content: "đọc thêm" });
    expect(searchMessages(store, "doc")).toHaveLength(2);
    expect(searchMessages(store, "doc", { agentId: "coach" }).map((h) => h.agentId)).toEqual(["coach"]);
  });

  test("text shared by a fork and its origin is one hit, attributed to the branch", () => {
    const { store, c } = seeded();
    const branch = conversation(store, { forkedFrom: c.id });
    copyMessages(store, c.id, branch.id, 3);
    const hits = searchMessages(store, "doc");
    expect(hits.map((h) => h.conversationId)).toEqual([branch.id]);
  });

  test("deleted messages leave the index", () => {
    const { store, c } = seeded();
    // The docsize table has one row per indexed message (messages_fts itself reads rows from messages).
    const indexed = () => store.db.query("SELECT count(*) AS n FROM messages_fts_docsize").get();
    expect(indexed()).toEqual({ n: 3 });
    deleteConversation(store, c.id);
    expect(searchMessages(store, "doc")).toEqual([]);
    expect(indexed()).toEqual({ n: 0 });
    expect(store.db.query("SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'doc'").get()).toEqual({ n: 0 });
  });

  test("limit caps the hits", () => {
    const { store, c } = seeded();
    for (let i = 0; i < 5; i++) appendMessage(store, { conversationId: c.id, role: "user", content: `đọc ${i}` });
    expect(searchMessages(store, "doc", { limit: 3 })).toHaveLength(3);
  });

  test('"don dep" finds "dọn dẹp"; the snippet marks the matched words in the stored text', () => {
    const { store, c } = seeded();
    appendMessage(store, { conversationId: c.id, role: "user", content: "Chủ nhật này dọn dẹp nhà kho" });
    const [hit] = searchMessages(store, "don dep");
    expect(hit!.snippet).toBe("Chủ nhật này \u0002dọn\u0003 \u0002dẹp\u0003 nhà kho");
    expect(searchMessages(store, "dọn dẹp").map((h) => h.messageId)).toEqual([hit!.messageId]);
    expect(searchMessages(store, "ĐỌC").map(text)).toEqual(["Tôi đang đọc sách"]);
  });

  test("a long message's snippet is the text around the match, cut with an ellipsis", () => {
    const { store, c } = seeded();
    const long = `${"mở đầu ".repeat(40)}chuyến đi Sa Pa${" kết thúc".repeat(40)}`;
    appendMessage(store, { conversationId: c.id, role: "assistant", content: long });
    const [hit] = searchMessages(store, "sa pa");
    expect(hit!.snippet).toContain("\u0002Sa\u0003 \u0002Pa\u0003");
    expect(hit!.snippet.startsWith("…")).toBe(true);
    expect(hit!.snippet.endsWith("…")).toBe(true);
    expect(hit!.snippet.length).toBeLessThan(200);
  });

  test("ranking: the message where the words weigh most comes first, ties newest first", () => {
    const { store, c } = seeded();
    const filler = " và thêm rất nhiều chữ khác không liên quan gì tới chuyện đang tìm".repeat(3);
    const weak = appendMessage(store, { conversationId: c.id, role: "user", content: `lịch họp${filler}` });
    const strong = appendMessage(store, { conversationId: c.id, role: "user", content: "lịch họp, lịch họp" });
    const tie = appendMessage(store, { conversationId: c.id, role: "user", content: "lịch họp; lịch họp" });
    expect(searchMessages(store, "lich hop").map((h) => h.messageId)).toEqual([tie.id, strong.id, weak.id]);
  });

  test("a word in more messages than the pool is ranked among the newest POOL matches only", () => {
    const { store, c } = seeded();
    // The best match (the word twice, nothing else) is the oldest; POOL weaker ones follow it.
    const best = appendMessage(store, { conversationId: c.id, role: "user", content: "nhắc nhắc" });
    store.tx(() => {
      const add = store.db.prepare("INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES (?, ?, 'user', ?, 't')");
      for (let i = 0; i < POOL; i++) add.run(c.id, 100 + i, `nhắc việc số ${i} trong ngày`);
    });
    const hits = searchMessages(store, "nhac", { limit: 5 });
    expect(hits).toHaveLength(5);
    expect(hits.map((h) => h.messageId)).not.toContain(best.id);
    store.db.run("DELETE FROM messages WHERE seq = 100");
    expect(searchMessages(store, "nhac", { limit: 5 })[0]!.messageId).toBe(best.id);
  });
});
