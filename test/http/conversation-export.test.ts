// GET /api/conversations/{id}/export.md (K-19): the whole conversation as Markdown, named after its title
// (Vietnamese kept in filename*, an ASCII stand-in in filename), secrets redacted, 404 when unknown; the
// header's options card links to it.
import { describe, expect, test } from "bun:test";
import { attachmentHeader, exportFileName } from "../../src/export/conversation-export.ts";
import { appendMessage } from "../../src/store/messages.ts";
import { T } from "../../src/texts/vi.ts";
import { TConv } from "../../src/texts/vi-conversations.ts";
import { TSearch } from "../../src/texts/vi-search.ts";
import { testApp } from "../helpers/app.ts";

const SK = "sk-test-abcdef1234567890";
const PLAIN = "plain-conv-secret-77";

describe("conversation export", async () => {
  const t = await testApp([], { TEST_CONV_EXPORT_TOKEN: PLAIN });
  const id = (await (await t.json("/api/conversations", "POST", { title: "Kế hoạch dọn dẹp: tuần 1/2" })).json()).id;
  appendMessage(t.store, { conversationId: id, role: "user", content: `Nhớ khoá ${SK} và ${PLAIN}` });
  appendMessage(t.store, { conversationId: id, role: "assistant", content: "Có ```rào``` bên trong\n## không phải tiêu đề",
    toolCalls: [{ id: "c1", name: "file_read", arguments: '{"path":"a.md"}' }] });
  appendMessage(t.store, { conversationId: id, role: "tool", name: "file_read", toolCallId: "c1", content: "nội dung tệp" });

  test("an attachment named after the title (UTF-8 in filename*, ASCII stand-in), never cached", async () => {
    const res = await t.request(`/api/conversations/${id}/export.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Ke hoach don dep tuan 1 2.md"; ` +
        `filename*=UTF-8''K%E1%BA%BF%20ho%E1%BA%A1ch%20d%E1%BB%8Dn%20d%E1%BA%B9p%20tu%E1%BA%A7n%201%202.md`,
    );
  });

  test("the whole conversation in order, each text fenced, tool calls and results included, secrets hidden", async () => {
    const md = await (await t.request(`/api/conversations/${id}/export.md`)).text();
    expect(md).toStartWith(`> ${T.exportReviewReminder.split("\n")[0]}`);
    expect(md).toContain("\n# Kế hoạch dọn dẹp: tuần 1/2\n");
    expect(md).toContain(`| Conversation | ${id} |`);
    expect(md).toContain("| Messages | 3 |");
    const heads = [...md.matchAll(/^## #(\d+) (.+?) · /gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(heads).toEqual(["1 user", "2 assistant", "3 tool `file_read` (call c1)"]);
    // A message's own Markdown stays inside its fence: the fence is longer than any backtick run in it.
    expect(md).toContain("````text\nCó ```rào``` bên trong\n## không phải tiêu đề\n````");
    expect(md).toContain('"name": "file_read"');
    expect(md).toContain("nội dung tệp");
    expect(md).not.toContain(SK);
    expect(md).not.toContain(PLAIN);
    expect(md).toContain(`Nhớ khoá ${T.redacted} và ${T.redacted}`);
  });

  test("an unknown conversation is a 404 with a sentence (an error page for a browser)", async () => {
    const res = await t.request("/api/conversations/nope/export.md");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: T.conversationNotFound });
    const page = await t.request("/api/conversations/nope/export.md", { headers: { accept: "text/html" } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(T.conversationNotFound);
  });

  test("the chat header's options card links to the download", async () => {
    const html = await (await t.request(`/c/${id}`)).text();
    expect(html).toContain(`<a class="btn btn-small conv-export" href="/api/conversations/${id}/export.md"\n` +
      `      download>${TSearch.exportMarkdown}</a>`);
    expect(html).toContain(TConv.actions);
  });
});

describe("export file names", () => {
  test("characters that file systems or headers refuse become spaces; accents stay in the UTF-8 name", () => {
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j\nk')).toEqual({ utf8: "a b c d e f g h i j k.md", ascii: "a b c d e f g h i j k.md" });
    expect(exportFileName("Đi Đà Lạt")).toEqual({ utf8: "Đi Đà Lạt.md", ascii: "Di Da Lat.md" });
    expect(exportFileName("...ẩn")).toEqual({ utf8: "ẩn.md", ascii: "an.md" });
    expect(exportFileName("  ")).toEqual({ utf8: "conversation.md", ascii: "conversation.md" });
    expect(exportFileName("日本 ok")).toEqual({ utf8: "日本 ok.md", ascii: "__ ok.md" });
    expect([...exportFileName("x".repeat(300)).utf8]).toHaveLength(103);
  });

  test("the header never carries a quote, a newline or an unencoded quote-like character", () => {
    const h = attachmentHeader(`O'Brien (draft) "x"\r\nSet-Cookie: a=b`);
    expect(h).toBe(`attachment; filename="O_Brien (draft) x Set-Cookie a_b.md"; ` +
      `filename*=UTF-8''O%27Brien%20%28draft%29%20x%20Set-Cookie%20a%3Db.md`);
  });
});
