// The jobs API over HTTP against the real Scheduler in the real app (I-09…I-11, I-21): list, a job's runs
// with the id written out or %2F-encoded, run now → 202, pause/resume with its body checks, delete.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JobView } from "../../src/models/jobs.ts";
import { createSchedule } from "../../src/store/schedules.ts";
import { testApp } from "../helpers/app.ts";
import { until } from "../helpers/wait.ts";

type Runs = { runs: { id: string; job_id: string; status: string }[]; next_before: string | null };

const MASTER_YAML = `schedules:
  - {id: morning, name: Sáng, cron: "0 7 * * *", prompt: "Chào buổi sáng"}
  - {id: off, enabled: false, every: 2h, prompt: "Không chạy"}
`;

/** The app with a master that has two schedules and a member with one, read through a reload. */
async function app() {
  const t = await testApp();
  writeFileSync(join(t.root, "agent.yaml"), MASTER_YAML);
  mkdirSync(join(t.root, "agents", "watcher"), { recursive: true });
  writeFileSync(join(t.root, "agents", "watcher", "agent.yaml"), `schedules:\n  - {id: tick, every: 1m, prompt: "Xem"}\n`);
  expect((await t.request("/api/agents/reload", { method: "POST" })).status).toBe(200);
  const jobs = async () => ((await (await t.request("/api/jobs")).json()) as { jobs: JobView[] }).jobs;
  const runs = async (path: string) => (await t.request(path)).json() as Promise<Runs>;
  const patch = (path: string, body: unknown) => t.json(path, "PATCH", body);
  return { ...t, jobs, runs, patch };
}

describe("GET /api/jobs", () => {
  test("lists profile jobs (master first) then chat jobs, each in the JobView shape with its slots", async () => {
    const t = await app();
    createSchedule(t.store, { id: "chat-abc", agentId: "watcher", every: "1h", prompt: "Đọc tin" });
    const jobs = await t.jobs();
    expect(jobs.map((j) => j.id)).toEqual(["default/morning", "default/off", "watcher/tick", "watcher/chat-abc"]);
    expect(jobs[0]).toMatchObject({ agent: "default", schedule: "morning", name: "Sáng", origin: "profile",
      kind: "prompt", cron: "0 7 * * *", every: null, enabled: true, paused: false, last_run: null,
      failing: null, slots: [] });
    expect(jobs[0]!.next_run).toMatch(/^\d{4}-\d\d-\d\d 07:00$/);
    expect(jobs[1]).toMatchObject({ enabled: false, paused: false });
    expect(jobs[3]).toMatchObject({ origin: "chat", every: "1h", agent: "watcher" });
  });
});

describe("a job's id in the path", () => {
  test("run now → 202 and the run is listed, with the slash written out or %2F-encoded", async () => {
    const t = await app();
    for (const path of ["/api/jobs/watcher/tick", "/api/jobs/watcher%2Ftick"]) {
      const res = await t.request(`${path}/run`, { method: "POST" });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ ok: true, job_id: "watcher/tick" });
      await until(() => t.runtime.scheduler.isRunning("watcher/tick"), (running) => !running);
    }
    for (const path of ["/api/jobs/watcher/tick/runs", "/api/jobs/watcher%2Ftick/runs"]) {
      const body = await t.runs(path);
      expect(body.runs.map((r) => r.job_id)).toEqual(["watcher/tick", "watcher/tick"]);
      expect(body.runs.map((r) => r.status)).toEqual(["done", "done"]);
    }
    const job = (await t.jobs()).find((j) => j.id === "watcher/tick")!;
    expect(job.last_run).toMatchObject({ status: "done" });
    expect(job.slots).toEqual([]);
  });

  test("unknown jobs answer 404 on every path, with a sentence", async () => {
    const t = await app();
    const calls: [string, string][] = [["GET", "runs"], ["POST", "run"], ["PATCH", "state"], ["DELETE", ""]];
    for (const [method, tail] of calls) {
      for (const id of ["watcher/nope", "nobody%2Ftick"]) {
        const res = await t.json(`/api/jobs/${id}${tail ? `/${tail}` : ""}`, method, { paused: true });
        expect(`${method} ${id} ${res.status}`).toBe(`${method} ${id} 404`);
        expect(((await res.json()) as { detail: string }).detail.length).toBeGreaterThan(10);
      }
    }
  });
});

describe("PATCH /api/jobs/{id}/state", () => {
  test("pauses and resumes an enabled row, answering the job; stored in job_state", async () => {
    const t = await app();
    const paused = await t.patch("/api/jobs/default/morning/state", { paused: true });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ id: "default/morning", paused: true, enabled: true });
    expect((await t.jobs())[0]!.paused).toBe(true);
    const row = t.store.db.query("SELECT paused FROM job_state WHERE job_id = 'default/morning'").get();
    expect(row).toEqual({ paused: 1 });
    const resumed = await t.patch("/api/jobs/default%2Fmorning/state", { paused: false });
    expect(await resumed.json()).toMatchObject({ paused: false });
  });

  test("bad bodies 400/422 naming the key; a row disabled in its file 409; nothing stored", async () => {
    const t = await app();
    const cases: [unknown, number, string][] = [
      ["{not json", 400, ""],
      [{}, 422, "paused"],
      [{ paused: "yes" }, 422, "paused"],
      [{ paused: true, until: "tomorrow" }, 422, "until"],
    ];
    for (const [body, status, named] of cases) {
      const res = await t.patch("/api/jobs/default/morning/state", body);
      expect(`${JSON.stringify(body)} ${res.status}`).toBe(`${JSON.stringify(body)} ${status}`);
      expect(((await res.json()) as { detail: string }).detail).toContain(named);
    }
    const off = await t.patch("/api/jobs/default/off/state", { paused: false });
    expect(off.status).toBe(409);
    expect((await t.jobs()).map((j) => j.paused)).toEqual([false, false, false]);
  });
});

describe("what a pause or a delete announces (I-36)", () => {
  test("no jobs frame on the activity stream; the open screens' listeners hear it", async () => {
    const t = await app();
    createSchedule(t.store, { id: "chat-quiet", agentId: "default", every: "1h", prompt: "Nhắc" });
    const frames = t.runtime.hub.watch(() => ({ type: "snapshot", runs: [] }));
    const signals: string[] = [];
    const stop = t.runtime.hub.listen((s) => void signals.push(s.type));
    try {
      expect((await t.patch("/api/jobs/default/morning/state", { paused: true })).status).toBe(200);
      expect((await t.request("/api/jobs/default/chat-quiet", { method: "DELETE" })).status).toBe(204);
      expect(signals.filter((s) => s === "jobs")).toHaveLength(2);
      const seen: string[] = [];
      while (frames.size > 0) seen.push(((await frames.next()).value as { type: string }).type);
      expect(seen).toEqual(["snapshot"]);
    } finally {
      stop();
      t.runtime.hub.unwatch(frames);
    }
  });
});

describe("DELETE /api/jobs/{id}", () => {
  test("a profile job is refused 409; a chat job goes (204) but its runs stay listed", async () => {
    const t = await app();
    const profile = await t.request("/api/jobs/default/morning", { method: "DELETE" });
    expect(profile.status).toBe(409);
    expect(((await profile.json()) as { detail: string }).detail.length).toBeGreaterThan(10);
    createSchedule(t.store, { id: "chat-abc", agentId: "watcher", every: "1h", prompt: "Đọc tin" });
    expect((await t.request("/api/jobs/watcher/chat-abc/run", { method: "POST" })).status).toBe(202);
    await until(() => t.runtime.scheduler.isRunning("watcher/chat-abc"), (running) => !running);
    const gone = await t.request("/api/jobs/watcher%2Fchat-abc", { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect((await t.jobs()).map((j) => j.id)).not.toContain("watcher/chat-abc");
    expect((await t.runs("/api/jobs/watcher/chat-abc/runs")).runs).toHaveLength(1);
    expect((await t.request("/api/jobs/watcher/chat-abc", { method: "DELETE" })).status).toBe(404);
  });

  test("an orphan chat job (its agent removed) can still be deleted", async () => {
    const t = await app();
    createSchedule(t.store, { id: "chat-old", agentId: "gone", every: "1h", prompt: "p" });
    expect((await t.request("/api/jobs/gone/chat-old", { method: "DELETE" })).status).toBe(204);
    expect(t.store.db.query("SELECT COUNT(*) AS n FROM created_schedules").get()).toEqual({ n: 0 });
  });
});
