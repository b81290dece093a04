// Child conversations of delegate (F-11, K-03): left out of the sidebar and of GET /api/conversations,
// but opened by id — the API, the chat page and its header — so a run card can link to one.
import { describe, expect, test } from "bun:test";
import { createConversation } from "../../src/store/conversations.ts";
import { openChild } from "../../src/store/delegations.ts";
import { testApp } from "../helpers/app.ts";

describe("delegated child conversations", async () => {
  const t = await testApp();
  const parent = createConversation(t.store, { agentId: "default", title: "Parent talk" });
  const child = openChild(t.store, {
    parentId: parent.id, callId: "call_1", task: "Do the thing", agentId: "default", title: "Hidden child task",
  });

  test("are not listed: neither GET /api/conversations nor the sidebar shows them", async () => {
    const list = await (await t.request("/api/conversations")).json();
    expect(list.conversations.map((c: { id: string }) => c.id)).toEqual([parent.id]);
    // The sidebar as a page renders it (the screens' streams send the same list).
    const sidebar = await (await t.request("/manage/costs")).text();
    expect(sidebar).toContain("Parent talk");
    expect(sidebar).not.toContain("Hidden child task");
  });

  test("open by id: the API gives the child with its source and task, the chat page renders it", async () => {
    const res = await t.request(`/api/conversations/${child.id}`);
    expect(res.status).toBe(200);
    const detail = await res.json();
    expect(detail).toMatchObject({ id: child.id, parent_id: parent.id, source: `delegate:${parent.id}` });
    expect(detail.messages[0]).toMatchObject({ role: "user", content: "Do the thing", tool_call_id: "call_1" });
    const page = await t.request(`/c/${child.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Do the thing");
  });
});
