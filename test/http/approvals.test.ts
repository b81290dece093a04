import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { until } from "../helpers/wait.ts";

describe("approvals API", async () => {
  const t = await testApp();
  const conv = async () => (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
  const send = (id: string, text: string) => t.json(`/api/conversations/${id}/messages`, "POST", { text });
  const workspace = () => t.runtime.crew().get("default")!.workspace;

  test("a write pauses for approval; approving continues the same run and the file is written", async () => {
    const id = await conv();
    const frames = await collect(await send(id, '/tool file_write {"path":"note.txt","content":"chào"}'), isEnd);
    const ask = frames.at(-1)!;
    expect(ask).toMatchObject({ type: "approval_required", tool: "file_write", reason: null });
    const pending = (await (await t.request("/api/approvals")).json()).pending;
    expect(pending.map((a: { id: string }) => a.id)).toContain(ask.approval_id);
    expect((await send(id, "chen ngang")).status).toBe(409);
    const runBefore = pending.find((a: { id: string }) => a.id === ask.approval_id).run_id;

    const ok = await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "approve" });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ approval: { status: "approved" }, run_id: runBefore });
    // The decision claimed the conversation at once: a message now queues behind the continuation.
    const queued = await collect(await send(id, "sau đó"));
    expect(queued[0]!.type === "queued" || queued.at(-1)!.type === "done").toBe(true);
    // The continuation, then the queued message's own turn: wait until neither runs nor waits.
    const queuedRows = () =>
      t.store.db.query("SELECT count(*) AS n FROM queued_messages WHERE conversation_id = ?").get(id) as { n: number };
    await until(() => !t.runtime.host.running(id) && queuedRows().n === 0, Boolean);
    expect(readFileSync(join(workspace(), "note.txt"), "utf8")).toBe("chào");
    const second = await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "deny" });
    expect(second.status).toBe(409);
    const decided = (await (await t.request("/api/approvals")).json()).decided;
    expect(decided.find((a: { id: string }) => a.id === ask.approval_id).status).toBe("approved");
  });

  test("deny answers the call without running it; the turn finishes", async () => {
    const id = await conv();
    const ask = (await collect(await send(id, '/tool file_write {"path":"denied.txt","content":"x"}'), isEnd)).at(-1)!;
    await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "deny" });
    const done = await t.runtime.host.running(id)?.done;
    expect(done?.status).toBe("done");
    expect(existsSync(join(workspace(), "denied.txt"))).toBe(false);
  });

  test("a question is answered with {answer}; the wrong kind of decision is 422; unknown id 404", async () => {
    const id = await conv();
    const q = (await collect(await send(id, '/tool ask_user {"question":"Trà hay cà phê?","options":["Trà","Cà phê"]}'), isEnd)).at(-1)!;
    expect(q).toMatchObject({ type: "question", question: "Trà hay cà phê?", options: ["Trà", "Cà phê"] });
    expect((await t.json(`/api/approvals/${q.approval_id}`, "POST", { decision: "approve" })).status).toBe(422);
    expect((await t.json(`/api/approvals/${q.approval_id}`, "POST", { answer: "Trà" })).status).toBe(200);
    expect((await t.runtime.host.running(id)?.done)?.text).toBe("ask_user: Trà");
    expect((await t.json("/api/approvals/nope", "POST", { decision: "approve" })).status).toBe(404);
  });

  test("'always' allows the tool for the rest of the conversation", async () => {
    const id = await conv();
    const ask = (await collect(await send(id, '/tool file_write {"path":"a.txt","content":"1"}'), isEnd)).at(-1)!;
    await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "approve", always: true });
    await t.runtime.host.running(id)?.done;
    const next = await collect(await send(id, '/tool file_write {"path":"b.txt","content":"2"}'), isEnd);
    expect(next.at(-1)!.type).toBe("done");
    expect(readFileSync(join(workspace(), "b.txt"), "utf8")).toBe("2");
  });
});
