// What the Jobs API asks of the scheduler (I-09, I-10, I-21): run now, pause/resume, delete, with a 404 or
// a 409 and one Vietnamese sentence when refused; a job never runs twice at once.
import { describe, expect, test } from "bun:test";
import { getJobState } from "../../../src/store/job-state.ts";
import { listSlots } from "../../../src/store/job-slots.ts";
import { listRuns } from "../../../src/store/runs.ts";
import { createSchedule, getSchedule } from "../../../src/store/schedules.ts";
import { TJobsClock as T } from "../../../src/texts/vi-jobs-clock.ts";
import { harness, settle, type Profiles } from "./clock-harness.ts";

const profiles: Profiles = {
  default: {
    schedules: [
      { id: "hourly", every: "1h", prompt: "Tóm tắt" },
      { id: "off", cron: "0 7 * * *", command: "ls", enabled: false },
    ],
    memory_consolidate: "0 3 * * *",
  },
};
const HOURLY = "default/hourly";
const refusal = (status: 404 | 409, detail: string) => ({ ok: false as const, refusal: { status, detail } });

describe("run now", () => {
  test("starts the job without waiting for its end, moves no mark and records no slot", async () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z", gate: true });
    h.sched.start();
    h.sched.stop();
    expect(h.sched.runNow(HOURLY)).toEqual({ ok: true });
    expect(h.ran).toEqual([HOURLY]);
    expect(h.sched.isRunning(HOURLY)).toBe(true);
    expect(h.sched.runNow(HOURLY)).toEqual(refusal(409, T.running(HOURLY)));
    h.pending[0].finish("error");
    await settle();
    expect(h.sched.isRunning(HOURLY)).toBe(false);
    expect(h.counted).toEqual([HOURLY]);
    expect(h.sched.view(HOURLY)).toMatchObject({ slots: [], last_run: { status: "error" } });
    expect(getJobState(h.store, HOURLY)?.lastRunAt).toBe("2030-01-01T03:00:00.000Z");
  });

  test("a clock slot due while a manual run of the same job goes on is recorded missed/busy", async () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z", gate: true });
    h.sched.start();
    h.sched.stop();
    h.sched.runNow(HOURLY);
    h.clock.set("2030-01-01T04:00:05Z");
    await h.sched.tick();
    expect(h.ran).toEqual([HOURLY]);
    expect(h.slots(HOURLY)).toEqual(["11:00 missed/busy"]);
    h.pending[0].finish();
    await settle();
    expect(h.sched.isRunning(HOURLY)).toBe(false);
  });

  test("refusals: unknown 404; disabled row and orphan 409; consolidate runs now (I-08)", () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z" });
    expect(h.sched.runNow("default/nope")).toEqual(refusal(404, T.unknownJob("default/nope")));
    expect(h.sched.runNow("default/off")).toEqual(refusal(409, T.disabledRow("default/off")));
    createSchedule(h.store, { id: "chat-lost", agentId: "gone", every: "1h", prompt: "x" });
    expect(h.sched.runNow("gone/chat-lost")).toEqual(refusal(409, T.orphan("gone/chat-lost")));
    expect(h.ran).toEqual([]);
    expect(h.sched.runNow("default/memory_consolidate")).toEqual({ ok: true });
  });
});

describe("pause and delete", () => {
  test("pause/resume is stored; 404 unknown, 409 for a row disabled in the file", () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z" });
    const paused = { ok: true, job: { id: HOURLY, paused: true, next_run: null } };
    expect(h.sched.setPaused(HOURLY, true)).toMatchObject(paused);
    expect(getJobState(h.store, HOURLY)?.paused).toBe(true);
    const resumed = { ok: true, job: { paused: false, next_run: "2030-01-01 11:00" } };
    expect(h.sched.setPaused(HOURLY, false)).toMatchObject(resumed);
    expect(h.sched.setPaused("x/y", true)).toEqual(refusal(404, T.unknownJob("x/y")));
    expect(h.sched.setPaused("default/off", true)).toEqual(refusal(409, T.disabledRow("default/off")));
    expect(h.sched.view("default/off")).toMatchObject({ enabled: false, paused: false });
    expect(h.jobsEvents()).toBe(0);
  });

  test("delete: a chat job goes with its state and ledger, its runs stay; profile jobs are refused", async () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z" });
    createSchedule(h.store, { id: "chat-x", agentId: "default", every: "1m", prompt: "Đếm" });
    h.sched.list();
    h.clock.set("2030-01-01T03:01:00Z");
    await h.sched.tick();
    expect(h.ran).toEqual(["default/chat-x"]);
    expect(h.sched.remove(HOURLY)).toEqual(refusal(409, T.profileDelete(HOURLY)));
    expect(h.sched.remove("default/chat-nope")).toEqual(refusal(404, T.unknownJob("default/chat-nope")));
    expect(h.sched.remove("default/chat-x")).toEqual({ ok: true });
    expect(getSchedule(h.store, "chat-x")).toBeNull();
    expect(getJobState(h.store, "default/chat-x")).toBeNull();
    expect(listSlots(h.store, "default/chat-x")).toEqual([]);
    expect(listRuns(h.store, { jobId: "default/chat-x" })).toHaveLength(1);
    expect(h.sched.view("default/chat-x")).toBeNull();
  });

  test("an orphan chat job (its agent left) can still be deleted", () => {
    const h = harness({ profiles, at: "2030-01-01T03:00:00Z" });
    createSchedule(h.store, { id: "chat-lost", agentId: "gone", every: "1h", prompt: "x" });
    expect(h.sched.remove("gone/chat-lost")).toEqual({ ok: true });
    expect(getSchedule(h.store, "chat-lost")).toBeNull();
  });
});
