// Queue, steer and stop while a turn runs (B-11…B-24). A busy turn is a real shell_run held open by a
// gate the test opens, in an autonomous conversation so it needs no approval.
import { describe, expect, test } from "bun:test";
import { listMessages } from "../../src/store/messages.ts";
import { listSteps } from "../../src/store/runs.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { gate, until } from "../helpers/wait.ts";

describe("queue, steer and stop", async () => {
  const t = await testApp();
  const workspace = () => t.runtime.crew().get("default")!.workspace;
  /** A conversation whose turn runs a command until `open()`; resolves once the command runs. */
  const busyConv = async () => {
    const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const g = gate(workspace());
    const text = `/tool shell_run ${JSON.stringify({ command: g.command })}`;
    const first = await t.json(`/api/conversations/${id}/messages`, "POST", { text });
    expect(await g.started()).toBe(true);
    return { id, first, open: g.open };
  };
  const settled = (id: string) => until(() => t.runtime.host.running(id), (r) => r === undefined);
  const send = (id: string, body: object) => t.json(`/api/conversations/${id}/messages`, "POST", body);

  test("messages to a busy conversation queue durably; the drain answers them in ONE turn, joined by a blank line", async () => {
    const { id, first, open } = await busyConv();
    const q1 = await collect(await send(id, { text: "câu một", request_id: "q1" }));
    const q2 = await collect(await send(id, { text: "câu hai" }));
    expect(q1).toEqual([{ type: "queued", item_id: expect.any(Number), kind: "follow_up", position: 1 }]);
    expect(q2[0]).toMatchObject({ type: "queued", position: 2 });
    expect((await (await t.request(`/api/conversations/${id}`)).json()).queued.map((q: { text: string }) => q.text)).toEqual(["câu một", "câu hai"]);
    // The same request_id again: the same queue position, nothing new stored (B-08).
    expect((await collect(await send(id, { text: "câu một", request_id: "q1" })))[0]).toMatchObject({ type: "queued", position: 1 });
    open();
    await collect(first, isEnd);
    // The drain answers the queue in a turn of its own, which ends with the assistant's answer.
    const answered = (m?: { role: string; content: string }) =>
      m?.role === "assistant" && m.content === "câu một\n\ncâu hai";
    await until(() => listMessages(t.store, id).at(-1), answered);
    await settled(id);
    const users = listMessages(t.store, id).filter((m) => m.role === "user").map((m) => m.content);
    expect(users.at(-1)).toBe("câu một\n\ncâu hai");
    expect(listMessages(t.store, id).at(-1)).toMatchObject({ role: "assistant", content: "câu một\n\ncâu hai" });
    expect(t.store.db.query("SELECT count(*) AS n FROM queued_messages").get()).toEqual({ n: 0 });
  });

  test("the 21st queued message gets 429 with a sentence", async () => {
    const { id, open } = await busyConv();
    for (let i = 1; i <= 20; i++) expect((await collect(await send(id, { text: `m${i}` })))[0]!.position).toBe(i);
    const over = await send(id, { text: "m21" });
    expect(over.status).toBe(429);
    expect((await over.json()).detail).toContain("20");
    t.runtime.host.stop(id);
    open();
  });

  test("/steer during a running tool is taken after the tool, before the next model call", async () => {
    const { id, first, open } = await busyConv();
    const s = await collect(await send(id, { text: "/steer nhớ dùng đơn vị mét" }));
    expect(s[0]).toMatchObject({ type: "queued", kind: "steer" });
    open();
    const frames = await collect(first, isEnd);
    const types = frames.map((f) => f.type);
    expect(types.indexOf("steer")).toBeGreaterThan(types.indexOf("tool_result"));
    expect(frames.find((f) => f.type === "steer")!.text).toBe("nhớ dùng đơn vị mét");
    expect(frames.at(-1)).toMatchObject({ type: "done", text: "nhớ dùng đơn vị mét" });
    const run = t.store.db.query("SELECT id FROM runs WHERE conversation_id = ? ORDER BY started_at DESC").get(id) as { id: string };
    expect(listSteps(t.store, run.id).map((x) => x.type)).toEqual(["model", "tool", "steer", "model"]);
  });

  test("Stop clears the queue returning its texts and cancels the turn (run cancelled, not resumed)", async () => {
    const { id, first, open } = await busyConv();
    await collect(await send(id, { text: "xếp hàng A" }));
    await collect(await send(id, { text: "xếp hàng B" }));
    const stop = await (await t.json(`/api/conversations/${id}/stop`, "POST", {})).json();
    expect(stop).toEqual({ cleared: ["xếp hàng A", "xếp hàng B"], cancelled: true });
    const frames = await collect(first, isEnd);
    // The gate was never opened: the turn ended because Stop cut the command.
    expect(frames.at(-1)!.type).toBe("error");
    open();
    const run = t.store.db.query("SELECT status FROM runs WHERE conversation_id = ?").get(id) as { status: string };
    expect(run.status).toBe("cancelled");
    expect((await (await t.json(`/api/conversations/${id}/stop`, "POST", {})).json())).toEqual({ cleared: [], cancelled: false });
    expect((await t.json(`/api/conversations/nope/stop`, "POST", {})).status).toBe(404);
  });

  test("deleting a busy conversation stops its turn and closes the run as interrupted", async () => {
    const { id, first, open } = await busyConv();
    expect((await t.request(`/api/conversations/${id}`, { method: "DELETE" })).status).toBe(204);
    await collect(first, isEnd);
    open();
    await settled(id);
    const run = t.store.db.query("SELECT status FROM runs WHERE conversation_id = ?").get(id) as { status: string };
    expect(run.status).toBe("interrupted");
    expect(t.runtime.host.running(id)).toBeUndefined();
  });
});
