import { describe, expect, test } from "bun:test";
import { testApp } from "../helpers/app.ts";
import { gate } from "../helpers/wait.ts";
import { T } from "../../src/texts/vi.ts";

describe("POST /api/inbound", async () => {
  const t = await testApp();
  const post = (body: unknown) => t.json("/api/inbound", "POST", body);

  test("the contract: one request, one answer; the day's conversation per channel is reused", async () => {
    const res = await post({ text: "xin chào" });
    expect(res.status).toBe(200);
    const a = await res.json();
    expect(a).toEqual({ conversation_id: expect.any(String), agent_id: "default", text: "xin chào", status: "done", steps: 1, queued: false });
    const b = await (await post({ text: "lần hai" })).json();
    expect(b.conversation_id).toBe(a.conversation_id);
    const relay = await (await post({ text: "relay", channel: "api:nha" })).json();
    expect(relay.conversation_id).not.toBe(a.conversation_id);
    const cont = await (await post({ text: "tiếp", conversation_id: relay.conversation_id })).json();
    expect(cont.conversation_id).toBe(relay.conversation_id);
    const run = t.store.db.query("SELECT source FROM runs WHERE conversation_id = ? ORDER BY rowid DESC").get(a.conversation_id);
    expect(run).toEqual({ source: "api" });
  });

  test("404 for an unknown agent or conversation; 422 for reserved sources, bare /steer, request_id", async () => {
    expect((await post({ text: "x", agent_id: "ghost" })).status).toBe(404);
    expect((await post({ text: "x", conversation_id: "nope" })).status).toBe(404);
    for (const source of ["chat", "telegram", "web", "job", "job:daily", "delegate:abc", "memory:x"]) {
      const r = await post({ text: "x", source });
      expect(r.status).toBe(422);
      expect((await r.json()).detail).toContain(source);
    }
    expect((await post({ text: "/steer" })).status).toBe(422);
    expect((await post({ text: "x", request_id: "r1" })).status).toBe(422);
    expect((await post("nope")).status).toBe(400);
    expect((await post({})).status).toBe(422);
  });

  test("approval_required: the text ends with the notice; then 409 while waiting", async () => {
    const r = await (await post({ text: '/tool file_write {"path":"x.txt","content":"1"}', channel: "api:approve" })).json();
    expect(r.status).toBe("approval_required");
    expect(r.text.endsWith(T.noticeApproval)).toBe(true);
    const again = await post({ text: "còn đó không?", conversation_id: r.conversation_id });
    expect(again.status).toBe(409);
  });

  test("a busy conversation queues the message: status queued, steps 0", async () => {
    const first = await (await post({ text: "start", channel: "api:busy" })).json();
    await t.json(`/api/conversations/${first.conversation_id}`, "PATCH", { autonomous: true });
    const g = gate(t.runtime.crew().get("default")!.workspace);
    const text = `/tool shell_run ${JSON.stringify({ command: g.command })}`;
    const slow = post({ text, conversation_id: first.conversation_id });
    expect(await g.started()).toBe(true);
    const queued = await (await post({ text: "đang bận à", conversation_id: first.conversation_id })).json();
    expect(queued).toMatchObject({ status: "queued", queued: true, steps: 0, text: T.inboundQueued });
    g.open();
    expect((await (await slow).json()).status).toBe("done");
  });
});
