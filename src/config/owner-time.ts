// The owner's calendar (F-21): timestamps are stored in UTC and turned into the owner's local day
// for channel conversations, statistics and prompts.
import { dateFormat } from "./formatters.ts";

/** The UTC instant at which the owner's current local day began. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const local = localParts(now, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const offsetMs = Math.round((asUtc - now.getTime()) / 60_000) * 60_000;
  return new Date(Date.UTC(local.year, local.month - 1, local.day) - offsetMs);
}

/** YYYY-MM-DD of `at` in the owner's zone. */
export function localDate(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** "YYYY-MM-DD HH:MM" of `at` in the owner's zone: how the API writes job times (I-12). */
export function ownerMinute(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

const PARTS = {
  year: "numeric", month: "2-digit", day: "2-digit",
  hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
} as const;

function localParts(at: Date, timeZone: string) {
  const parts = dateFormat("en-US", { timeZone, ...PARTS }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return {
    year: get("year"), month: get("month"), day: get("day"),
    hour: get("hour"), minute: get("minute"), second: get("second"),
  };
}
