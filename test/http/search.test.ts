// GET /api/messages/search over HTTP (K-16, M-08): hits from the whole crew with conversation, agent,
// rank and a highlighted snippet; diacritics and đ folded on both sides; hostile text escaped; the
// sidebar's htmx request gets the "Trong nội dung" fragment; bad input a 400 with a sentence.
import { describe, expect, test } from "bun:test";
import { appendMessage } from "../../src/store/messages.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { TSearch } from "../../src/texts/vi-search.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const HOSTILE = `dọn dẹp <img src=x onerror="alert(1)"> <a data-hx-get="/x" x-init="alert(2)">bấm</a> & "q"`;

describe("GET /api/messages/search", async () => {
  const t = await testApp();
  expect((await t.json("/api/agents/install", "POST", { template: "researcher" })).status).toBe(201);
  const mine = createConversation(t.store, { agentId: "default", title: "Việc nhà" });
  const theirs = createConversation(t.store, { agentId: "researcher", title: "Tra cứu giá" });
  const say = (conversationId: string, content: string, role: "user" | "assistant" = "user") =>
    appendMessage(t.store, { conversationId, role, content });
  const chores = say(mine.id, "Cuối tuần dọn dẹp nhà bếp");
  const reading = say(theirs.id, "Tôi đã đọc ba bài về giá vé", "assistant");
  const hostile = say(theirs.id, HOSTILE);
  const search = async (q: string, headers: Record<string, string> = {}) => {
    const res = await t.request(`/api/messages/search?q=${encodeURIComponent(q)}`, { headers });
    return { status: res.status, res, body: res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text() };
  };

  test('"don dep" finds "dọn dẹp", with its conversation, agent and a <mark>ed snippet', async () => {
    const { status, res, body } = await search("don dep");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body.query).toBe("don dep");
    expect(body.results.map((r: { message_id: number }) => r.message_id)).toEqual([chores.id, hostile.id]);
    expect(body.results[0]).toEqual({
      message_id: chores.id, conversation_id: mine.id, conversation_title: "Việc nhà", agent_id: "default",
      agent_name: expect.any(String), seq: 1, role: "user", created_at: chores.createdAt,
      snippet_html: "Cuối tuần <mark>dọn</mark> <mark>dẹp</mark> nhà bếp",
    });
  });

  test('"doc" finds "đọc" across the crew: another agent\'s conversation, named', async () => {
    const { body } = await search("doc");
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ message_id: reading.id, conversation_id: theirs.id, agent_id: "researcher",
      agent_name: "Nghiên cứu viên", role: "assistant", snippet_html: "Tôi đã <mark>đọc</mark> ba bài về giá vé" });
    expect((await search("ĐỌC")).body.results.map((r: { message_id: number }) => r.message_id)).toEqual([reading.id]);
  });

  test("hostile text in a snippet comes back escaped: no tag or attribute of it survives", async () => {
    const { body } = await search("bấm");
    const html = body.results[0].snippet_html as string;
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a ");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("data-hx-get=&quot;/x&quot; x-init=&quot;alert(2)&quot;&gt;<mark>bấm</mark>&lt;/a&gt; &amp;");
    expect(html.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  test("the sidebar's htmx request gets the fragment: a heading, rows that open the conversation, badges", async () => {
    const { status, res, body } = await search("don dep", { "hx-request": "true" });
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(body).toContain(`<h3 class="conv-group conv-hits-head">${TSearch.inContent}</h3>`);
    expect(body).toContain(`hx-get="/c/${mine.id}" hx-target="#main"`);
    expect(body).toContain(`hx-get="/c/${theirs.id}" hx-target="#main"`);
    // Only the researcher's hit carries a badge: the master's conversations are the list's own.
    expect(body.match(/class="agent-badge"/g)).toHaveLength(1);
    expect(body).toContain(`aria-label="${TSearch.agentOf("Nghiên cứu viên")}">Nghiên cứu viên</span>`);
    expect(body).not.toContain("<img");
    expect(body).not.toMatch(/ (data-hx-get|x-init|onerror)="/);
  });

  test("no hits: an empty fragment (the list's own line answers) and an empty JSON list", async () => {
    expect((await search("không có đâu", { "hx-request": "true" })).body).toBe("");
    expect((await search("không có đâu")).body.results).toEqual([]);
  });

  test("a blank q answers no hits; a missing q, a q over 500 characters or a bad limit is a 400 sentence", async () => {
    for (const q of ["", "   ", '"', "-*"]) expect(await search(q)).toMatchObject({ status: 200, body: { results: [] } });
    const missing = await t.request("/api/messages/search");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ detail: TSearch.queryMissing });
    expect(await search("a".repeat(501))).toMatchObject({ status: 400, body: { detail: TSearch.queryTooLong(500) } });
    for (const limit of ["0", "51", "abc", "1.5", "-1"]) {
      const res = await t.request(`/api/messages/search?q=doc&limit=${limit}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: TSearch.badLimit(50) });
    }
  });

  test("limit caps the results, best first", async () => {
    for (let i = 0; i < 5; i++) say(mine.id, `ghi chú số ${i}`);
    const res = await t.request("/api/messages/search?q=ghi%20chu&limit=3");
    expect((await res.json()).results).toHaveLength(3);
  });

  test("conversation_search in a master turn sees the master's conversations only (the host scopes it)", async () => {
    const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const text = `/tool conversation_search ${JSON.stringify({ query: "doc" })}`;
    await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text }), isEnd);
    const detail = await (await t.request(`/api/conversations/${conv}`)).json();
    const result = detail.messages.find((m: { role: string }) => m.role === "tool");
    // "đọc" is said only in the researcher's conversation; the master's own tool call text does not count.
    expect(result.name).toBe("conversation_search");
    expect(result.content).not.toContain(theirs.id);
    say(mine.id, "Tối nay đọc truyện");
    await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text }), isEnd);
    const again = (await (await t.request(`/api/conversations/${conv}`)).json()).messages
      .filter((m: { role: string }) => m.role === "tool").at(-1);
    expect(again.content).toContain(`(conversation ${mine.id}, message `);
    expect(again.content).toContain("Tối nay [đọc] truyện");
    expect(again.content).not.toContain(theirs.id);
  });
});
