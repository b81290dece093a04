import { describe, expect, test } from "bun:test";
import { listMessages } from "../../src/store/messages.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { gate } from "../helpers/wait.ts";

describe("sending a message", async () => {
  const t = await testApp();
  const newConv = async (body: object = {}) => (await (await t.json("/api/conversations", "POST", body)).json()).id as string;
  const send = (id: string, body: object | string) => t.json(`/api/conversations/${id}/messages`, "POST", body);

  test("the answer streams as SSE events of the one contract and is stored", async () => {
    const id = await newConv();
    const res = await send(id, { text: "xin chào bạn", request_id: "r-1" });
    expect(res.headers.get("content-type")).toStartWith("text/event-stream");
    const frames = await collect(res);
    expect(frames.map((f) => f.type)).toEqual(["text_delta", "text_delta", "text_delta", "done"]);
    expect(frames.at(-1)).toMatchObject({ type: "done", text: "xin chào bạn" });
    const stored = listMessages(t.store, id);
    expect(stored.map((m) => [m.role, m.content])).toEqual([["user", "xin chào bạn"], ["assistant", "xin chào bạn"]]);
    expect(stored[1]).toMatchObject({ provider: "fake", model: "echo", costUsd: 0 });
  });

  test("a resend with a used request_id stores nothing and starts nothing: it gets the watching frame", async () => {
    const id = await newConv();
    await collect(await send(id, { text: "một lần thôi", request_id: "same-id" }));
    const again = await collect(await send(id, { text: "một lần thôi", request_id: "same-id" }));
    expect(again.map((f) => f.type)).toEqual(["watching"]);
    expect(again[0]!.running).toBe(false);
    expect(again[0]!.conversation.messages.length).toBe(2);
    expect(listMessages(t.store, id).length).toBe(2);
  });

  test("rejected sends: 404 unknown conversation, 422 bare /steer, long request_id, 400 not JSON, 413 huge text", async () => {
    const id = await newConv();
    expect((await send("nope", { text: "x" })).status).toBe(404);
    for (const text of ["/steer", "/steer   "]) {
      const r = await send(id, { text });
      expect(r.status).toBe(422);
      expect((await r.json()).detail).toContain("/steer");
    }
    const long = await send(id, { text: "x", request_id: "a".repeat(65) });
    expect(long.status).toBe(422);
    expect((await long.json()).detail).toContain("request_id");
    expect((await send(id, "{oops")).status).toBe(400);
    expect((await send(id, { text: "x".repeat(100_001) })).status).toBe(413);
    expect((await send(id, { text: "" })).status).toBe(422);
    expect(listMessages(t.store, id)).toEqual([]);
    // A rejected send does not consume its request_id (B-09).
    await collect(await send(id, { text: "now ok", request_id: "a".repeat(64) }));
    expect(listMessages(t.store, id).length).toBe(2);
  });

  test("idle /steer X is the message X; /tmp/x and unknown slash commands are ordinary messages", async () => {
    const id = await newConv();
    expect((await collect(await send(id, { text: "/steer dùng mét" }))).at(-1)!.text).toBe("dùng mét");
    expect((await collect(await send(id, { text: "/tmp/x" }))).at(-1)!.text).toBe("/tmp/x");
    expect(listMessages(t.store, id).filter((m) => m.role === "user").map((m) => m.content)).toEqual(["dùng mét", "/tmp/x"]);
  });

  test("the turn belongs to the server: a closed tab does not stop it; GET …/turn attaches, 204 when idle", async () => {
    const id = await newConv({});
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const busy = gate(t.runtime.crew().get("default")!.workspace);
    const command = `${busy.command}; echo slept`;
    const res = await send(id, { text: `/tool shell_run ${JSON.stringify({ command })}` });
    await res.body!.cancel();
    expect(await busy.started()).toBe(true);
    const watch = await t.request(`/api/conversations/${id}/turn`);
    expect(watch.status).toBe(200);
    busy.open();
    const frames = await collect(watch, isEnd);
    expect(frames[0]).toMatchObject({ type: "watching", running: true });
    expect(frames.at(-1)!.type).toBe("done");
    expect(frames.at(-1)!.text).toContain("slept");
    expect((await t.request(`/api/conversations/${id}/turn`)).status).toBe(204);
  });

  test("a turn that ends before the sender reads (budget already spent) still reaches the sender", async () => {
    const id = await newConv();
    await t.json(`/api/conversations/${id}`, "PATCH", { cost_cap_usd: 0.5 });
    t.store.db.run("UPDATE conversations SET spent_usd = 0.5 WHERE id = ?", [id]);
    const frames = await collect(await send(id, { text: "còn tiền không?" }));
    expect(frames.map((f) => f.type)).toEqual(["halted"]);
    expect(frames[0]).toMatchObject({ reason: "budget" });
  });
});
