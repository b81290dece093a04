// The scheduler's table and tick (I-01, I-03, I-10, I-20, ledger): what GET /api/jobs lists, a due job run
// once per slot, the ledger naming every slot, ticks never overlapping. Owner zone Asia/Ho_Chi_Minh (UTC+7).
import { describe, expect, test } from "bun:test";
import { getJobState, markTold, recordFailure } from "../../../src/store/job-state.ts";
import { createSchedule } from "../../../src/store/schedules.ts";
import { harness, settle } from "./clock-harness.ts";

const profiles = {
  default: {
    schedules: [{ id: "morning", cron: "0 7 * * *", prompt: "Chào buổi sáng" }],
    memory_consolidate: "0 3 * * *",
  },
  writer: {
    name: "Writer",
    schedules: [
      { id: "off", every: "1h", command: "ls", enabled: false },
      { id: "poll", every: "30m", command: "date" },
    ],
  },
};

describe("scheduler table", () => {
  test("lists profile rows (master first, disabled ones too, memory_consolidate) and then chat jobs", () => {
    const h = harness({ profiles, at: "2030-01-01T00:30:00Z" });
    createSchedule(h.store, { id: "chat-news", agentId: "writer", every: "2h", prompt: "Tin mới" });
    const list = h.sched.list();
    expect(list.map((j) => [j.id, j.kind, j.origin, j.enabled])).toEqual([
      ["default/morning", "prompt", "profile", true],
      ["default/memory_consolidate", "consolidate", "profile", true],
      ["writer/off", "command", "profile", false],
      ["writer/poll", "command", "profile", true],
      ["writer/chat-news", "prompt", "chat", true],
    ]);
    const [morning, , off, poll] = list;
    expect(morning).toMatchObject({ agent: "default", schedule: "morning", cron: "0 7 * * *", every: null });
    expect(morning).toMatchObject({ paused: false, next_run: "2030-01-02 07:00", last_run: null, failing: null });
    expect(morning.slots).toEqual([]);
    expect(off).toMatchObject({ agent_name: "Writer", enabled: false, paused: false, next_run: null });
    expect(poll.next_run).toBe("2030-01-01 08:00");
    expect(h.sched.view("nobody/none")).toBeNull();
  });

  test("a chat job seen for the first time gets mark = now, so a slot before that is not due (I-20)", async () => {
    const h = harness({ profiles: { default: {} }, at: "2030-01-01T03:00:30Z" });
    createSchedule(h.store, { id: "chat-tick", agentId: "default", every: "1m", prompt: "Đếm" });
    expect(h.sched.view("default/chat-tick")?.next_run).toBe("2030-01-01 10:01");
    expect(getJobState(h.store, "default/chat-tick")).toMatchObject({ lastRunAt: "2030-01-01T03:00:30.000Z" });
    h.clock.set("2030-01-01T03:01:00Z");
    await h.sched.tick();
    expect(h.ran).toEqual([]);
    h.clock.set("2030-01-01T03:01:31Z");
    await h.sched.tick();
    expect(h.ran).toEqual(["default/chat-tick"]);
    expect(h.slots("default/chat-tick")).toEqual(["10:01 ran"]);
  });

  test("failing comes from job_state in owner time; telling from the streak side; null outside a streak", () => {
    const h = harness({ profiles, at: "2030-01-01T00:30:00Z", telling: (id) => id === "writer/poll" });
    recordFailure(h.store, "writer/poll", "2030-01-01T01:00:00.000Z");
    recordFailure(h.store, "writer/poll", "2030-01-01T01:30:00.000Z");
    expect(h.sched.view("writer/poll")?.failing).toEqual({
      count: 2, since: "2030-01-01 08:00", told_at: null, next_notice_at: null, telling: true,
    });
    markTold(h.store, "writer/poll", "2030-01-01T01:00:30.000Z");
    expect(h.sched.view("writer/poll")?.failing).toMatchObject({
      told_at: "2030-01-01 08:00", next_notice_at: "2030-01-01 14:00",
    });
    expect(h.sched.view("default/morning")?.failing).toBeNull();
  });

  test("a consolidate job shows its next run like any runnable kind (I-08)", () => {
    const h = harness({ profiles, at: "2030-01-01T00:30:00Z" });
    expect(h.sched.view("default/memory_consolidate")).toMatchObject({ kind: "consolidate", next_run: "2030-01-02 03:00" });
  });

  test("a chat job whose agent left is listed disabled and never runs", async () => {
    const h = harness({ profiles: { default: {} }, at: "2030-01-01T03:00:00Z" });
    createSchedule(h.store, { id: "chat-orphan", agentId: "gone", every: "1m", prompt: "Đếm" });
    h.clock.set("2030-01-01T04:00:00Z");
    await h.sched.tick();
    expect(h.ran).toEqual([]);
    expect(h.sched.view("gone/chat-orphan")).toMatchObject({ enabled: false, next_run: null, slots: [] });
  });
});

describe("scheduler tick", () => {
  test("a due job runs once for its slot; the slot is recorded with its run and the mark moves", async () => {
    const h = harness({ profiles, at: "2030-01-01T23:50:00Z" });
    h.sched.start();
    try {
      h.clock.set("2030-01-02T00:00:10Z");
      await h.sched.tick();
      await h.sched.tick();
      expect(h.ran).toEqual(["default/morning"]);
      expect(h.counted).toEqual(["default/morning"]);
      const view = h.sched.view("default/morning")!;
      expect(view.slots).toEqual([{ due_at: "2030-01-02 07:00", outcome: "ran", run_id: view.last_run!.id }]);
      const minute = expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      expect(view.last_run).toMatchObject({ status: "done", started_at: minute, ended_at: minute });
      expect(view.next_run).toBe("2030-01-03 07:00");
      expect(getJobState(h.store, "default/morning")?.lastRunAt).toBe("2030-01-02T00:00:00.000Z");
    } finally {
      h.sched.stop();
    }
  });

  test("consolidate runs on its cron like a script job (I-06, I-08)", async () => {
    const h = harness({
      profiles: {
        default: { schedules: [{ id: "s", every: "1h", script: "print(1)" }], memory_consolidate: "0 3 * * *" },
      },
      at: "2030-01-01T19:00:00Z",
    });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T20:00:05Z");
    await h.sched.tick();
    expect(h.ran).toEqual(["default/s", "default/memory_consolidate"]);
    expect(h.slots("default/s")).toEqual(["03:00 ran"]);
    expect(h.slots("default/memory_consolidate")).toEqual(["03:00 ran"]);
  });

  test("slots overrun by an earlier job are recorded missed/busy; only the latest runs", async () => {
    const h = harness({
      profiles: {
        default: {
          schedules: [
            { id: "a", cron: "0 * * * *", prompt: "A" },
            { id: "b", every: "30m", prompt: "B" },
          ],
        },
      },
      at: "2030-01-01T02:50:00Z",
      gate: true,
    });
    h.sched.start();
    h.sched.stop();
    h.clock.set("2030-01-01T03:00:05Z");
    const tick = h.sched.tick();
    await settle();
    expect(h.pending.map((p) => p.job.id)).toEqual(["default/a"]);
    expect(h.sched.tick()).toBe(tick);
    h.clock.set("2030-01-01T04:00:10Z");
    h.pending[0].finish();
    await settle();
    h.pending[1].finish();
    await tick;
    expect(h.ran).toEqual(["default/a", "default/b"]);
    expect(h.slots("default/b")).toEqual(["10:20 missed/busy", "10:50 ran"]);
    expect(h.slots("default/a")).toEqual(["10:00 ran"]);
  });
});
