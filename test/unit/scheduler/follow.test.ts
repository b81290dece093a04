// Following the crew (I-14…I-17): marks follow timing, not content; a dropped row loses its state; a row
// changed while an earlier job of the same tick ran is not run with its old definition.
import { describe, expect, test } from "bun:test";
import { getJobState, setPaused } from "../../../src/store/job-state.ts";
import { listSlots } from "../../../src/store/job-slots.ts";
import { createSchedule, deleteSchedule } from "../../../src/store/schedules.ts";
import { harness, settle, type Profiles } from "./clock-harness.ts";

const one = (row: Record<string, unknown>): Profiles => ({ default: { schedules: [{ id: "j", ...row }] } });
const J = "default/j";

describe("following the crew", () => {
  test("no catch-up after a timing change: the mark becomes the time of save", async () => {
    const h = harness({ profiles: one({ every: "1h", prompt: "A" }), at: "2030-01-01T03:00:00Z" });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T05:30:00Z");
    h.setCrew(one({ every: "30m", prompt: "A" }));
    expect(getJobState(h.store, J)).toMatchObject({ lastRunAt: "2030-01-01T05:30:00.000Z", timing: "30m" });
    h.clock.set("2030-01-01T05:30:10Z");
    await h.sched.tick();
    expect(h.ran).toEqual([]);
    expect(h.slots(J)).toEqual([]);
    h.clock.set("2030-01-01T06:00:05Z");
    await h.sched.tick();
    expect(h.ran).toEqual([J]);
    expect(h.slots(J)).toEqual(["13:00 ran"]);
  });

  test("a cron change at 09:00 from 07:00 to 08:00 does not run 08:00 as catch-up", async () => {
    const h = harness({ profiles: one({ cron: "0 7 * * *", prompt: "A" }), at: "2030-01-01T01:00:00Z" });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T02:00:00Z");
    h.setCrew(one({ cron: "0 8 * * *", prompt: "A" }));
    await h.sched.tick();
    expect(h.ran).toEqual([]);
    expect(h.sched.view(J)?.next_run).toBe("2030-01-02 08:00");
  });

  test("a prompt edit keeps the mark: the next run does not move, and it runs the new prompt", async () => {
    const h = harness({ profiles: one({ every: "1h", prompt: "A" }), at: "2030-01-01T03:00:00Z" });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T03:30:00Z");
    h.setCrew(one({ every: "1h", prompt: "B", name: "Tên mới" }));
    expect(getJobState(h.store, J)?.lastRunAt).toBe("2030-01-01T03:00:00.000Z");
    expect(h.sched.view(J)?.next_run).toBe("2030-01-01 11:00");
    h.clock.set("2030-01-01T04:00:05Z");
    await h.sched.tick();
    expect(h.ran).toEqual([J]);
    expect(h.sched.get(J)?.body).toBe("B");
  });

  test("a dropped row loses its pause and streak; re-added it inherits nothing and starts from the save", () => {
    const h = harness({ profiles: one({ every: "1h", prompt: "A" }), at: "2030-01-01T03:00:00Z" });
    h.sched.start();
    h.sched.stop();
    setPaused(h.store, J, true);
    h.setCrew({ default: {} });
    expect(h.sched.view(J)).toBeNull();
    expect(getJobState(h.store, J)).toMatchObject({ paused: false, failCount: 0 });
    h.clock.set("2030-01-01T09:10:00Z");
    h.setCrew(one({ every: "1h", prompt: "A" }));
    expect(h.sched.view(J)).toMatchObject({ paused: false, next_run: "2030-01-01 17:10" });
  });

  test("a row disabled then re-enabled in the file starts from the save, with no slots for the gap", async () => {
    const h = harness({ profiles: one({ every: "1h", prompt: "A" }), at: "2030-01-01T03:00:00Z" });
    h.sched.start();
    h.sched.stop();
    h.setCrew(one({ every: "1h", prompt: "A", enabled: false }));
    h.clock.set("2030-01-01T08:30:00Z");
    await h.sched.tick();
    h.setCrew(one({ every: "1h", prompt: "A" }));
    await h.sched.tick();
    expect(h.ran).toEqual([]);
    expect(h.slots(J)).toEqual([]);
    expect(h.sched.view(J)?.next_run).toBe("2030-01-01 16:30");
  });

  test("every reload emits one jobs event, changed or not (I-36)", () => {
    const h = harness({ profiles: one({ every: "1h", prompt: "A" }), at: "2030-01-01T03:00:00Z" });
    h.sched.reload();
    h.setCrew(one({ every: "2h", prompt: "A" }));
    expect(h.jobsEvents()).toBe(2);
    setPaused(h.store, J, true);
    expect(h.jobsEvents()).toBe(2);
  });

  test("I-17: rows saved or dropped while an earlier job of the tick ran do not run as they were", async () => {
    const rows = (b: string, c: string, withD: boolean): Profiles => ({
      default: {
        schedules: [
          { id: "a", cron: "0 * * * *", prompt: "A" },
          { id: "b", cron: b, prompt: "B" },
          { id: "c", cron: "0 * * * *", prompt: c },
          ...(withD ? [{ id: "d", cron: "0 * * * *", prompt: "D" }] : []),
        ],
      },
    });
    const h = harness({ profiles: rows("0 * * * *", "C", true), at: "2030-01-01T02:50:00Z", gate: true });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T03:00:05Z");
    const tick = h.sched.tick();
    await settle();
    expect(h.pending.map((p) => p.job.id)).toEqual(["default/a"]);
    h.clock.set("2030-01-01T03:00:20Z");
    h.setCrew(rows("30 * * * *", "C2", false));
    h.pending[0].finish();
    await tick;
    expect(h.ran).toEqual(["default/a"]);
    // b was retimed and d dropped: their 10:00 slot is abandoned, on the record.
    expect(h.slots("default/b")).toEqual(["10:00 skipped/changed"]);
    expect(listSlots(h.store, "default/d").map((s) => [s.outcome, s.reason])).toEqual([["skipped", "changed"]]);
    // c only changed its prompt: its slot is still due and runs at the next tick, with the new prompt.
    expect(h.slots("default/c")).toEqual([]);
    h.clock.set("2030-01-01T03:00:25Z");
    const next = h.sched.tick();
    await settle();
    expect(h.pending.map((p) => [p.job.id, p.job.body])).toEqual([["default/a", "A"], ["default/c", "C2"]]);
    h.pending[1].finish();
    await next;
    expect(h.slots("default/c")).toEqual(["10:00 ran"]);
    expect(h.ran).toEqual(["default/a", "default/c"]);
  });

  test("a chat schedule deleted while an earlier job of the tick ran does not run and leaves no ledger", async () => {
    const h = harness({ profiles: one({ cron: "0 * * * *", prompt: "A" }), at: "2030-01-01T02:50:00Z", gate: true });
    createSchedule(h.store, { id: "chat-x", agentId: "default", cron: "0 * * * *", prompt: "X" });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T03:00:05Z");
    const tick = h.sched.tick();
    await settle();
    deleteSchedule(h.store, "chat-x");
    h.pending[0].finish();
    await tick;
    expect(h.ran).toEqual([J]);
    expect(listSlots(h.store, "default/chat-x")).toEqual([]);
  });
});
