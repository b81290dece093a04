// Due-slot computation (I-02, I-12): every counts from the mark, cron goes through croner in the owner's
// zone, across DST in Europe/Berlin, and a range holding more than SLOT_CAP slots stays bounded.
import { describe, expect, test } from "bun:test";
import { ownerMinute } from "../../../src/config/owner-time.ts";
import { dueSlots, everyMs, nextAfter, SLOT_CAP } from "../../../src/scheduler/timing.ts";

const d = (iso: string) => new Date(iso);
const iso = (r: { slots: Date[] }) => r.slots.map((s) => s.toISOString());
const cron = (c: string) => ({ cron: c, every: null });
const every = (e: string) => ({ cron: null, every: e });

describe("timing", () => {
  test("every values: seconds to days; zero and junk are not timings", () => {
    expect(everyMs("30s")).toBe(30_000);
    expect(everyMs("30m")).toBe(1_800_000);
    expect(everyMs("2h")).toBe(7_200_000);
    expect(everyMs("1d")).toBe(86_400_000);
    expect(everyMs("0m")).toBeNull();
    expect(everyMs("5w")).toBeNull();
  });

  test("every: slots in (from, to] count from the mark", () => {
    const r = dueSlots(every("30m"), d("2030-01-01T10:00:00Z"), d("2030-01-01T11:00:00Z"), "UTC");
    expect(iso(r)).toEqual(["2030-01-01T10:30:00.000Z", "2030-01-01T11:00:00.000Z"]);
    expect(dueSlots(every("30m"), d("2030-01-01T10:00:00Z"), d("2030-01-01T10:29:59Z"), "UTC").slots).toEqual([]);
    const next = nextAfter(every("30m"), d("2030-01-01T10:00:00Z"), d("2030-01-01T10:45:00Z"), "UTC");
    expect(next?.toISOString()).toBe("2030-01-01T11:00:00.000Z");
  });

  test("cron in a zone without DST (Asia/Ho_Chi_Minh, UTC+7)", () => {
    const tz = "Asia/Ho_Chi_Minh";
    const r = dueSlots(cron("0 7 * * *"), d("2030-01-01T00:00:00Z"), d("2030-01-03T00:00:00Z"), tz);
    expect(iso(r)).toEqual(["2030-01-02T00:00:00.000Z", "2030-01-03T00:00:00.000Z"]);
    expect(r.slots.map((s) => ownerMinute(s, tz))).toEqual(["2030-01-02 07:00", "2030-01-03 07:00"]);
  });

  // croner: on the spring-forward day a time inside the gap runs once, at the first minute after the gap
  // (03:00 local); on the fall-back day a time inside the repeated hour runs once, at its first (summer-time)
  // occurrence. So a daily job never vanishes and never runs twice.
  test("Europe/Berlin spring forward: 02:30 does not exist on 2027-03-28 and runs once, at 03:00", () => {
    const tz = "Europe/Berlin";
    for (const pattern of ["30 2 * * *", "0 2 * * *"]) {
      const r = dueSlots(cron(pattern), d("2027-03-27T12:00:00Z"), d("2027-03-29T12:00:00Z"), tz);
      const local = r.slots.map((s) => ownerMinute(s, tz));
      expect(local).toEqual(["2027-03-28 03:00", pattern === "0 2 * * *" ? "2027-03-29 02:00" : "2027-03-29 02:30"]);
    }
  });

  test("Europe/Berlin fall back: 02:30 happens twice on 2027-10-31 and runs once, the first time", () => {
    const tz = "Europe/Berlin";
    const r = dueSlots(cron("30 2 * * *"), d("2027-10-30T12:00:00Z"), d("2027-11-01T12:00:00Z"), tz);
    expect(iso(r)).toEqual(["2027-10-31T00:30:00.000Z", "2027-11-01T01:30:00.000Z"]);
    expect(r.slots.map((s) => ownerMinute(s, tz))).toEqual(["2027-10-31 02:30", "2027-11-01 02:30"]);
  });

  test("a 1-second job across a month keeps only the latest SLOT_CAP slots", () => {
    const from = d("2030-01-01T00:00:00Z");
    const to = d("2030-01-31T00:00:00Z");
    const r = dueSlots(every("1s"), from, to, "UTC");
    expect(r.slots).toHaveLength(SLOT_CAP);
    expect(r.collapsed).toBe(30 * 86_400 - SLOT_CAP);
    expect(r.slots[SLOT_CAP - 1].toISOString()).toBe(to.toISOString());
    expect(r.slots[0].getTime()).toBe(to.getTime() - (SLOT_CAP - 1) * 1000);
  });

  test("a per-minute cron across a month keeps the latest SLOT_CAP minutes, in order", () => {
    const to = d("2030-01-31T00:00:00Z");
    const r = dueSlots(cron("* * * * *"), d("2030-01-01T00:00:00Z"), to, "UTC");
    expect(r.slots).toHaveLength(SLOT_CAP);
    expect(r.collapsed).toBeGreaterThan(0);
    expect(r.slots[SLOT_CAP - 1].toISOString()).toBe(to.toISOString());
    expect(r.slots[0].getTime()).toBe(to.getTime() - (SLOT_CAP - 1) * 60_000);
  });

  test("owner minute is the owner's wall clock to the minute", () => {
    expect(ownerMinute(d("2030-01-01T23:59:59Z"), "Asia/Ho_Chi_Minh")).toBe("2030-01-02 06:59");
    expect(ownerMinute(d("2030-07-01T00:00:00Z"), "America/New_York")).toBe("2030-06-30 20:00");
  });
});
