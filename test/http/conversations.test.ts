import { describe, expect, test } from "bun:test";
import { testApp } from "../helpers/app.ts";
import { collect } from "../helpers/sse.ts";

describe("conversations API", async () => {
  const t = await testApp();

  test("create (201), get, list newest first; unknown ids are 404 with a sentence", async () => {
    const a = await t.json("/api/conversations", "POST", {});
    expect(a.status).toBe(201);
    const conv = await a.json();
    expect(conv).toMatchObject({ agent_id: "default", channel: "web", spent_usd: 0, unknown_cost_calls: 0, cost_cap_usd: 1, autonomous: false, auto_approve: [] });
    const b = await (await t.json("/api/conversations", "POST", { title: "Second" })).json();
    const list = await (await t.request("/api/conversations")).json();
    expect(list.conversations.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([b.id, conv.id]);
    const detail = await (await t.request(`/api/conversations/${conv.id}`)).json();
    expect(detail).toMatchObject({ id: conv.id, running: false, messages: [], queued: [], pending: [] });
    const missing = await t.request("/api/conversations/nope");
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBeString();
  });

  test("a message bumps updated_at and the list order; PATCH edits options", async () => {
    const a = await (await t.json("/api/conversations", "POST", {})).json();
    const b = await (await t.json("/api/conversations", "POST", {})).json();
    await collect(await t.json(`/api/conversations/${a.id}/messages`, "POST", { text: "hi" }));
    const list = await (await t.request("/api/conversations")).json();
    expect(list.conversations[0].id).toBe(a.id);
    expect(list.conversations[1].id).toBe(b.id);
    const patched = await (await t.json(`/api/conversations/${b.id}`, "PATCH", { title: "Kế hoạch", autonomous: true, cost_cap_usd: 2.5 })).json();
    expect(patched).toMatchObject({ title: "Kế hoạch", autonomous: true, cost_cap_usd: 2.5 });
    t.store.db.run("UPDATE conversations SET auto_approve = '[\"file_write\",\"shell_run\"]' WHERE id = ?", [b.id]);
    const revoked = await (await t.json(`/api/conversations/${b.id}`, "PATCH", { revoke_auto_approve: "shell_run" })).json();
    expect(revoked.auto_approve).toEqual(["file_write"]);
  });

  test("bad bodies: not JSON 400, wrong type or unknown key 422 naming the field", async () => {
    const a = await (await t.json("/api/conversations", "POST", {})).json();
    expect((await t.json(`/api/conversations/${a.id}`, "PATCH", "{not json")).status).toBe(400);
    const wrong = await t.json(`/api/conversations/${a.id}`, "PATCH", { cost_cap_usd: "lots" });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).detail).toContain("cost_cap_usd");
    const unknown = await t.json(`/api/conversations/${a.id}`, "PATCH", { colour: "red" });
    expect((await unknown.json()).detail).toContain("colour");
    expect((await t.json(`/api/conversations/${a.id}`, "PATCH", { cost_cap_usd: -1 })).status).toBe(422);
  });

  test("delete removes it with its queue; a second delete is 404", async () => {
    const a = await (await t.json("/api/conversations", "POST", {})).json();
    t.store.db.run("INSERT INTO queued_messages (conversation_id, kind, text, source, created_at) VALUES (?, 'follow_up', 'x', 'chat', 'now')", [a.id]);
    expect((await t.request(`/api/conversations/${a.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request(`/api/conversations/${a.id}`)).status).toBe(404);
    expect(t.store.db.query("SELECT count(*) AS n FROM queued_messages WHERE conversation_id = ?").get(a.id)).toEqual({ n: 0 });
    expect((await t.request(`/api/conversations/${a.id}`, { method: "DELETE" })).status).toBe(404);
  });
});
