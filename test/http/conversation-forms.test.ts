// Rename and delete from the sidebar and header forms, the JSON API's title rule, and an unknown
// /c/<id> answered with a 404 page that says so.
import { describe, expect, test } from "bun:test";
import { getConversation } from "../../src/store/conversations.ts";
import { T } from "../../src/texts/vi.ts";
import { TConv } from "../../src/texts/vi-conversations.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

describe("conversation forms", async () => {
  const t = await testApp();
  const newConv = async (body: object = {}) =>
    (await (await t.json("/api/conversations", "POST", body)).json()).id as string;
  const form = (path: string, fields: Record<string, string>, htmx = true) => {
    const headers: Record<string, string> = htmx ? { "hx-request": "true" } : {};
    return t.request(path, { method: "POST", body: new URLSearchParams(fields), headers });
  };
  const escaped = (s: string) => Bun.escapeHTML(s);

  test("rename from the sidebar: the list comes back as a partial; the open one's header and title too", async () => {
    const id = await newConv();
    // An old mark, so the rename is seen to move it (K-05: a person's edit is a real change).
    t.store.db.run("UPDATE conversations SET updated_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", [id]);
    const before = getConversation(t.store, id)!.updatedAt;
    const res = await form(`/ui/conversations/${id}/title`, { title: "  Du lịch Huế  ", open: id });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toStartWith('<hx-partial hx-target="#conv-list" hx-swap="outerHTML"><div id="conv-list"');
    expect(html).toContain('<span class="conv-title">Du lịch Huế</span>');
    expect(html).toContain('<hx-partial hx-target="#chat-header" hx-swap="outerHTML"><header id="chat-header"');
    expect(html).toContain("<title>Du lịch Huế</title>");
    const after = getConversation(t.store, id)!;
    expect(after.title).toBe("Du lịch Huế");
    expect(after.updatedAt > before).toBe(true);
    const other = await newConv();
    const fromElsewhere = await (await form(`/ui/conversations/${id}/title`, { title: "Huế", open: other })).text();
    expect(fromElsewhere).not.toContain("<title>Huế</title>");
  });

  test("bad rename input: 422 with a sentence, nothing stored; unknown id 404; without htmx a 303", async () => {
    const id = await newConv({ title: "Giữ nguyên" });
    for (const [title, sentence] of [["   ", TConv.titleEmpty], ["x".repeat(201), TConv.titleTooLong(200)]] as const) {
      const res = await form(`/ui/conversations/${id}/title`, { title });
      expect(res.status).toBe(422);
      expect(await res.text()).toBe(`<span role="alert">${escaped(sentence)}</span>`);
    }
    const missingField = await form(`/ui/conversations/${id}/title`, {});
    expect(missingField.status).toBe(422);
    expect(getConversation(t.store, id)!.title).toBe("Giữ nguyên");
    const unknown = await form("/ui/conversations/nope/title", { title: "x" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(escaped(T.conversationNotFound));
    const plain = await form(`/ui/conversations/${id}/title`, { title: "Mới" }, false);
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`/c/${id}`);
  });

  test("the JSON API refuses an empty title with the same sentence", async () => {
    const id = await newConv({ title: "A" });
    const res = await t.json(`/api/conversations/${id}`, "PATCH", { title: "  " });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toContain(TConv.titleEmpty);
    expect(getConversation(t.store, id)!.title).toBe("A");
  });

  test("delete: the open one redirects to /, another returns the list; gone is 404", async () => {
    const open = await newConv({ title: "Đang mở" });
    const other = await newConv({ title: "Khác" });
    const res = await form(`/ui/conversations/${other}/delete`, { open });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('hx-target="#conv-list"');
    expect(html).not.toContain(`data-id="${other}"`);
    expect(html).toContain(`data-id="${open}"`);
    expect(getConversation(t.store, other)).toBeNull();
    const self = await form(`/ui/conversations/${open}/delete`, { open });
    expect(self.status).toBe(204);
    expect(self.headers.get("hx-redirect")).toBe("/");
    expect(getConversation(t.store, open)).toBeNull();
    expect((await form(`/ui/conversations/${open}/delete`, { open })).status).toBe(404);
    const plain = await form(`/ui/conversations/${await newConv()}/delete`, { open: "" }, false);
    expect(plain.status).toBe(303);
  });

  test("an unknown /c/<id> is a 404 page that says so, with a link to the list; as a fragment too", async () => {
    const page = await t.request("/c/khong-co");
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain(`<title>${TConv.notFoundTitle}</title>`);
    expect(html).toContain('id="sidebar"');
    expect(html).toContain(`<a class="btn btn-primary" href="/">${TConv.backToList}</a>`);
    const part = await t.request("/c/khong-co", { headers: { "hx-request": "true" } });
    expect(part.status).toBe(404);
    const frag = await part.text();
    expect(frag).toStartWith(`<title>${TConv.notFoundTitle}</title><main id="main"`);
    expect(frag).toContain(TConv.notFoundBody);
  });
});

describe("the pending count in the chat's tab title", async () => {
  const t = await testApp();
  const newConv = async (body: object = {}) =>
    (await (await t.json("/api/conversations", "POST", body)).json()).id as string;

  test("a conversation swapped in by htmx keeps the (n) prefix, as a full page does (D-24)", async () => {
    const asking = await newConv({ title: "Hỏi" });
    const ask = '/tool file_write {"path":"x.txt","content":"1"}';
    await collect(await t.json(`/api/conversations/${asking}/messages`, "POST", { text: ask }), isEnd);
    const other = await newConv({ title: "Khác" });
    const swap = { headers: { "hx-request": "true", "hx-request-type": "partial" } };
    expect(await (await t.request(`/c/${other}`, swap)).text()).toStartWith("<title>(1) Khác</title>");
    expect(await (await t.request(`/c/${other}`)).text()).toContain("<title>(1) Khác</title>");
    const missing = await (await t.request("/c/khong-co", swap)).text();
    expect(missing).toStartWith(`<title>(1) ${TConv.notFoundTitle}</title>`);
  });
});
