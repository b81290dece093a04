// POST /api/conversations/{id}/fork over HTTP (K-07…K-12): 201 with the branch, listed at once; each
// refusal a 4xx with a sentence and nothing stored; forking a busy conversation; deleting the origin.
import { describe, expect, test } from "bun:test";
import { getConversation, listConversations } from "../../src/store/conversations.ts";
import { openChild } from "../../src/store/delegations.ts";
import { appendMessage, listMessages } from "../../src/store/messages.ts";
import { TFork } from "../../src/texts/vi-fork.ts";
import { TTool } from "../../src/texts/vi-tools.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { gate, until } from "../helpers/wait.ts";

describe("POST /api/conversations/{id}/fork", async () => {
  const t = await testApp();
  const newConv = async (body: object = {}) =>
    (await (await t.json("/api/conversations", "POST", body)).json()).id as string;
  const send = async (id: string, text: string) =>
    collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
  const userIds = (id: string) => listMessages(t.store, id).filter((m) => m.role === "user").map((m) => m.id);
  const forkAt = (id: string, body: unknown) => t.json(`/api/conversations/${id}/fork`, "POST", body);
  const count = () => listConversations(t.store, { includeChildren: true, limit: 1000 }).length;

  test("201 with the branch and its copied count; the list shows it; the origin is unchanged", async () => {
    const id = await newConv({ title: "Chuyện gốc" });
    await send(id, "một");
    await send(id, "hai");
    const before = listMessages(t.store, id);
    const res = await forkAt(id, { before_message_id: userIds(id)[1] });
    expect(res.status).toBe(201);
    const branch = await res.json();
    expect(branch).toMatchObject({
      title: `Chuyện gốc ${TFork.suffix}`, forked_from: id, spent_usd: 0, auto_approve: [], copied_messages: 2,
      closed_calls: 0,
    });
    expect(listMessages(t.store, branch.id).map((m) => [m.seq, m.role, m.content])).toEqual([
      [1, "user", "một"], [2, "assistant", "một"],
    ]);
    const list = (await (await t.request("/api/conversations")).json()).conversations.map((c: { id: string }) => c.id);
    expect(list[0]).toBe(branch.id);
    expect(listMessages(t.store, id)).toEqual(before);
  });

  test("refusals: 422 with a sentence (an answer, a foreign message, a child), 404, a bad body", async () => {
    const id = await newConv();
    await send(id, "một");
    const other = await newConv();
    await send(other, "khác");
    const answer = listMessages(t.store, id).find((m) => m.role === "assistant")!.id;
    const child = openChild(t.store, { parentId: id, callId: "call_1", task: "việc con", agentId: "default" });
    const cases: [string, unknown, number, string][] = [
      [id, { before_message_id: answer }, 422, TFork.notUser],
      [id, { before_message_id: userIds(other)[0] }, 422, TFork.notAMessage],
      [id, { before_message_id: 99_999 }, 422, TFork.notAMessage],
      [child.id, { before_message_id: userIds(child.id)[0] }, 422, TFork.childRefused],
      ["no-such-conversation", { before_message_id: userIds(id)[0] }, 404, ""],
    ];
    const before = count();
    for (const [conv, body, status, detail] of cases) {
      const res = await forkAt(conv, body);
      expect(res.status).toBe(status);
      const text = (await res.json()).detail as string;
      if (detail) expect(text).toBe(detail);
      expect(text.length).toBeGreaterThan(10);
    }
    expect((await forkAt(id, {})).status).toBe(422);
    expect((await forkAt(id, { before_message_id: "1" })).status).toBe(422);
    expect((await forkAt(id, "{")).status).toBe(400);
    expect(count()).toBe(before);
  });

  test("a busy origin can be forked: only stored messages are copied, its running turn ends as usual", async () => {
    const id = await newConv();
    await send(id, "một");
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const g = gate(t.runtime.crew().get("default")!.workspace);
    const running = await t.json(`/api/conversations/${id}/messages`, "POST", {
      text: `/tool shell_run ${JSON.stringify({ command: g.command })}`,
    });
    try {
      expect(await g.started()).toBe(true);
      const res = await forkAt(id, { before_message_id: userIds(id)[1] });
      expect(res.status).toBe(201);
      const branch = await res.json();
      expect(listMessages(t.store, branch.id).map((m) => m.content)).toEqual(["một", "một"]);
      expect(t.runtime.host.running(branch.id)).toBeUndefined();
    } finally {
      g.open();
    }
    await collect(running, isEnd);
    await until(() => t.runtime.host.running(id), (r) => r === undefined);
    expect(listMessages(t.store, id).at(-1)?.role).toBe("assistant");
  });

  test("pages: a button under each user message, none in a child; the header names the origin", async () => {
    const id = await newConv();
    for (const role of ["user", "assistant", "user"] as const) {
      appendMessage(t.store, { conversationId: id, role, content: "chữ" });
    }
    const branch = await (await forkAt(id, { before_message_id: userIds(id)[1] })).json();
    const origin = await (await t.request(`/c/${id}`)).text();
    expect(origin.match(/class="btn btn-small msg-fork"/g)).toHaveLength(2);
    expect(origin).not.toContain('id="fork-line"');
    // Untitled (no turn ran, so no model title either): named generically, still linked.
    const page = await (await t.request(`/c/${branch.id}`)).text();
    expect(page).toMatch(new RegExp(`${TFork.forkedFrom} <a href="/c/${id}"[^>]*>${TFork.originGeneric}</a>`));
    await t.json(`/api/conversations/${id}`, "PATCH", { title: "Đã đặt tên" });
    expect(await (await t.request(`/c/${branch.id}`)).text()).toMatch(/hx-push-url="true">Đã đặt tên<\/a>/);
    const child = openChild(t.store, { parentId: id, callId: "call_9", task: "việc con", agentId: "default" });
    expect(await (await t.request(`/c/${child.id}`)).text()).not.toContain("msg-fork");
  });

  test("the branch's page shows a call the fork closed as not run here, in the person's words", async () => {
    const id = await newConv();
    const calls = [{ id: "A", name: "shell_run", arguments: "{}" }, { id: "B", name: "file_write", arguments: "{}" }];
    appendMessage(t.store, { conversationId: id, role: "user", content: "làm hai việc" });
    appendMessage(t.store, { conversationId: id, role: "assistant", content: "", toolCalls: calls });
    appendMessage(t.store, { conversationId: id, role: "tool", content: "xong A", toolCallId: "A", name: "shell_run" });
    appendMessage(t.store, { conversationId: id, role: "user", content: "tiếp" });
    const branch = await (await forkAt(id, { before_message_id: userIds(id)[1] })).json();
    expect(branch.closed_calls).toBe(1);
    const page = await (await t.request(`/c/${branch.id}`)).text();
    expect(page).toMatch(/<details class="tool-card st-forked" id="tc-B"/);
    expect(page).toContain(TTool.note.forked);
    expect(page).toContain(T.toolStatus.forked);
    expect(page).toMatch(/<details class="tool-card st-done" id="tc-A"/);
  });

  test("deleting the origin keeps the branch; the branch's forked_from becomes null (K-12)", async () => {
    const id = await newConv();
    await send(id, "một");
    await send(id, "hai");
    const branch = await (await forkAt(id, { before_message_id: userIds(id)[1] })).json();
    expect((await t.request(`/api/conversations/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(getConversation(t.store, branch.id)).toMatchObject({ forkedFrom: null });
    const detail = await (await t.request(`/api/conversations/${branch.id}`)).json();
    expect(detail.forked_from).toBeNull();
    expect(detail.messages.map((m: { content: string }) => m.content)).toEqual(["một", "một"]);
  });
});
