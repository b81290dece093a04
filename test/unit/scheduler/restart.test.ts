// Restarts (I-10, ledger): a new Scheduler over the same store file keeps pauses, records the slots that
// passed while the server was down as missed (never run), and a daily job runs once across DST nights.
import { afterEach, describe, expect, test } from "bun:test";
import { openStore } from "../../../src/store/db.ts";
import { harness, tempStorePath, type Profiles } from "./clock-harness.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

const member: Profiles = { default: {}, watcher: { schedules: [{ id: "ping", every: "1m", prompt: "Ping" }] } };
const PING = "watcher/ping";

/** A server life: a Scheduler started over the file at `at`; stop() ends it. */
function life(path: string, at: string, profiles: Profiles = member, tz?: string) {
  const store = openStore(path);
  const h = harness({ profiles, at, store, tz });
  h.sched.start();
  let open = true;
  const stop = () => {
    h.sched.stop();
    if (open) store.close();
    open = false;
  };
  cleanups.push(stop);
  return { ...h, stop };
}

describe("restart", () => {
  test("slots that passed while the server was down are recorded missed/down and not run", async () => {
    const file = tempStorePath();
    cleanups.push(file.cleanup);
    const first = life(file.path, "2030-01-01T03:00:00Z");
    first.clock.set("2030-01-01T03:01:05Z");
    await first.sched.tick();
    expect(first.ran).toEqual([PING]);
    first.stop();

    const second = life(file.path, "2030-01-01T03:04:30Z");
    expect(second.ran).toEqual([]);
    const down = ["10:02 missed/down", "10:03 missed/down", "10:04 missed/down"];
    expect(second.slots(PING)).toEqual(["10:01 ran", ...down]);
    second.clock.set("2030-01-01T03:05:01Z");
    await second.sched.tick();
    expect(second.ran).toEqual([PING]);
    expect(second.slots(PING).at(-1)).toBe("10:05 ran");
  });

  test("a pause survives a restart; its slots, down or not, are recorded skipped/paused", async () => {
    const file = tempStorePath();
    cleanups.push(file.cleanup);
    const first = life(file.path, "2030-01-01T03:00:00Z");
    expect(first.sched.setPaused(PING, true)).toMatchObject({ ok: true, job: { paused: true } });
    first.stop();

    const second = life(file.path, "2030-01-01T03:02:30Z");
    expect(second.sched.view(PING)).toMatchObject({ paused: true, next_run: null });
    second.clock.set("2030-01-01T03:03:00Z");
    await second.sched.tick();
    expect(second.ran).toEqual([]);
    expect(second.slots(PING)).toEqual(["10:01 skipped/paused", "10:02 skipped/paused", "10:03 skipped/paused"]);
  });

  test("a timing edited while the server was down starts from boot: nothing recorded for the gap", () => {
    const file = tempStorePath();
    cleanups.push(file.cleanup);
    life(file.path, "2030-01-01T03:00:00Z").stop();
    const edited = { default: {}, watcher: { schedules: [{ id: "ping", every: "2m", prompt: "Ping" }] } };
    const second = life(file.path, "2030-01-01T04:00:00Z", edited);
    expect(second.slots(PING)).toEqual([]);
    expect(second.sched.view(PING)?.next_run).toBe("2030-01-01 11:02");
  });

  test("a month down for a 1-second job records a bounded ledger and says so in the log", () => {
    const file = tempStorePath();
    cleanups.push(file.cleanup);
    const fast = { default: { schedules: [{ id: "fast", every: "1s", command: "true" }] } };
    life(file.path, "2030-01-01T00:00:00Z", fast).stop();
    const second = life(file.path, "2030-01-31T00:00:00Z", fast);
    const view = second.sched.view("default/fast")!;
    expect(view.slots).toHaveLength(20);
    expect(view.slots[0]).toEqual({ due_at: "2030-01-31 07:00", outcome: "missed", reason: "down" });
    expect(second.store.db.query("SELECT count(*) AS n FROM job_slots").get()).toEqual({ n: 100 });
    expect(second.logs).toEqual([`job default/fast: ${30 * 86_400 - 1000} earlier slot(s) while down not listed`]);
  });
});

describe("daylight saving time at the clock (Europe/Berlin)", () => {
  // Ticks every 5 minutes through the night stand in for the 20 s tick: what matters is one run per day.
  async function night(fromIso: string, hours: number, pattern: string) {
    const profiles = { default: { schedules: [{ id: "n", cron: pattern, prompt: "Đêm" }] } };
    const h = harness({ profiles, at: fromIso, tz: "Europe/Berlin" });
    h.sched.start();
    h.sched.stop();
    for (let m = 5; m <= hours * 60; m += 5) {
      h.clock.set(new Date(Date.parse(fromIso) + m * 60_000).toISOString());
      await h.sched.tick();
    }
    return h;
  }

  for (const pattern of ["30 2 * * *", "0 2 * * *"]) {
    test(`${pattern} runs exactly once on the spring-forward night, at 03:00`, async () => {
      const h = await night("2027-03-27T22:00:00Z", 6, pattern);
      expect(h.ran).toEqual(["default/n"]);
      const slots = h.sched.view("default/n")?.slots.map((s) => [s.due_at, s.outcome]);
      expect(slots).toEqual([["2027-03-28 03:00", "ran"]]);
    });

    test(`${pattern} runs exactly once on the fall-back night`, async () => {
      const h = await night("2027-10-30T22:00:00Z", 6, pattern);
      expect(h.ran).toEqual(["default/n"]);
      expect(h.sched.view("default/n")?.slots).toHaveLength(1);
    });
  }
});
