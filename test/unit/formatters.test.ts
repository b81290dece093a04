// The shared date formatters (src/config/formatters.ts): one per (locale, options), each formatting in its
// own zone, and the owner's calendar reading through them.
import { describe, expect, test } from "bun:test";
import { dateFormat } from "../../src/config/formatters.ts";
import { localDate, ownerMinute } from "../../src/config/owner-time.ts";

const AT = new Date("2026-01-01T20:30:00Z");
const DAY = { weekday: "long", year: "numeric", month: "long", day: "numeric" } as const;
const CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

describe("dateFormat", () => {
  test("the same locale and options give the same formatter; another zone or locale, another one", () => {
    const hcm = dateFormat("en-GB", { timeZone: "Asia/Ho_Chi_Minh", ...DAY });
    expect(dateFormat("en-GB", { timeZone: "Asia/Ho_Chi_Minh", ...DAY })).toBe(hcm);
    expect(dateFormat("en-GB", { timeZone: "America/New_York", ...DAY })).not.toBe(hcm);
    expect(dateFormat("en-US", { timeZone: "Asia/Ho_Chi_Minh", ...DAY })).not.toBe(hcm);
    expect(dateFormat("en-GB", { timeZone: "Asia/Ho_Chi_Minh", ...CLOCK })).not.toBe(hcm);
  });

  test("each cached formatter keeps its own zone, whatever was used in between", () => {
    const zones = ["Asia/Ho_Chi_Minh", "America/New_York", "UTC", "Asia/Ho_Chi_Minh", "Pacific/Kiritimati"];
    const days = zones.map((timeZone) => dateFormat("en-GB", { timeZone, ...DAY }).format(AT));
    expect(days).toEqual([
      "Friday, 2 January 2026", "Thursday, 1 January 2026", "Thursday, 1 January 2026",
      "Friday, 2 January 2026", "Friday, 2 January 2026",
    ]);
    const clocks = zones.map((timeZone) => dateFormat("en-GB", { timeZone, ...CLOCK }).format(AT));
    expect(clocks).toEqual(["03:30", "15:30", "20:30", "03:30", "10:30"]);
  });

  test("an unknown zone throws as the constructor does, every time (nothing cached)", () => {
    expect(() => dateFormat("en-GB", { timeZone: "Mars/Olympus", ...DAY })).toThrow(RangeError);
    expect(() => dateFormat("en-GB", { timeZone: "Mars/Olympus", ...DAY })).toThrow(RangeError);
  });

  test("the owner's calendar reads each zone through the shared formatters", () => {
    expect(localDate(AT, "Asia/Ho_Chi_Minh")).toBe("2026-01-02");
    expect(localDate(AT, "America/New_York")).toBe("2026-01-01");
    expect(ownerMinute(AT, "Asia/Ho_Chi_Minh")).toBe("2026-01-02 03:30");
    expect(ownerMinute(AT, "UTC")).toBe("2026-01-01 20:30");
  });
});
