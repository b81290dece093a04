import { describe, expect, test } from "bun:test";
import { testApp } from "../helpers/app.ts";
import { collect, frames, isEnd } from "../helpers/sse.ts";

describe("activity and live viewing", async () => {
  const t = await testApp();
  const conv = async () => (await (await t.json("/api/conversations", "POST", {})).json()).id as string;

  test("the stream opens with a snapshot, then carries run and event frames but never tokens", async () => {
    const stream = frames(await t.request("/api/activity/stream"));
    expect((await stream.next()).value).toEqual({ type: "snapshot", runs: [] });
    const id = await conv();
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "một hai ba" }), isEnd);
    const seen: { type: string; [k: string]: any }[] = [];
    for await (const f of stream) {
      seen.push(f);
      if (f.type === "event" && f.event.type === "done") break;
    }
    await stream.return(undefined);
    expect(seen.some((f) => f.type === "run" && f.run.status === "running" && f.run.conversation_id === id)).toBe(true);
    expect(seen.some((f) => f.type === "event" && f.event.type === "done")).toBe(true);
    expect(seen.some((f) => f.type === "event" && f.event.type === "text_delta")).toBe(false);
    // Run frames are small: id, status, conversation; the steps are one GET away.
    const done = seen.find((f) => f.type === "run" && f.run.status === "done")!;
    expect(done.run).toEqual({ id: done.run.id, status: "done", conversation_id: id });
    const full = await (await t.request(`/api/activity/runs/${done.run.id}`)).json();
    expect(full.steps.map((s: { type: string }) => s.type)).toEqual(["model"]);
  });

  test("runs are listed (agent filter, paging) and fetched by id with steps; unknown id 404", async () => {
    const id = await conv();
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "a" }), isEnd);
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "b" }), isEnd);
    const page = await (await t.request("/api/activity/runs?limit=1&agent=default")).json();
    expect(page.runs.length).toBe(1);
    expect(page.next_before).toBeString();
    const older = await (await t.request(`/api/activity/runs?limit=1&before=${encodeURIComponent(page.next_before)}`)).json();
    expect(older.runs[0].id).not.toBe(page.runs[0].id);
    expect((await (await t.request("/api/activity/runs?agent=ghost")).json()).runs).toEqual([]);
    const one = await (await t.request(`/api/activity/runs/${page.runs[0].id}`)).json();
    expect(one).toMatchObject({ id: page.runs[0].id, status: "done", after_seq: expect.any(Number) });
    expect(one.steps[0]).toMatchObject({ type: "model", provider: "fake", model: "echo", duration_ms: expect.any(Number) });
    expect((await t.request("/api/activity/runs/nope")).status).toBe(404);
  });

  test("a watcher whose 256-frame queue fills is cut; a fresh connection gets a new snapshot", () => {
    const opening = () => ({ type: "jobs" as const });
    const q = t.runtime.hub.watch(opening);
    for (let i = 0; i < 300; i++) t.runtime.hub.jobs();
    expect(q.isClosed).toBe(true);
    expect(t.runtime.hub.watcherCount).toBe(0);
    const again = t.runtime.hub.watch(opening);
    expect(again.size).toBe(1);
    t.runtime.hub.unwatch(again);
  });

  test("a viewer more than 256 events behind gets a fresh watching frame instead of the backlog", async () => {
    const id = await conv();
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    const first = await t.json(`/api/conversations/${id}/messages`, "POST", { text: words });
    const late = await t.request(`/api/conversations/${id}/turn`);
    expect(late.status).toBe(200);
    await t.runtime.host.running(id)?.done;
    const seen = await collect(late, isEnd);
    // 401 events were published; the stalled viewer holds at most 256 plus what its stream pulled early.
    expect(seen.length).toBeLessThanOrEqual(260);
    const resets = seen.filter((f, i) => i > 0 && f.type === "watching");
    expect(resets.length).toBeGreaterThanOrEqual(1);
    expect(resets[0]!.conversation.id).toBe(id);
    expect(seen.at(-1)!.type).toBe("done");
    const firstFrames = await collect(first, isEnd);
    expect(firstFrames.length).toBeLessThanOrEqual(260);
    expect(firstFrames.some((f) => f.type === "watching")).toBe(true);
    expect(firstFrames.at(-1)).toMatchObject({ type: "done", text: words });
  });
});
