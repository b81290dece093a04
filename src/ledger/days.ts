// The owner's calendar days for the ledger (E-14): stored timestamps are UTC, the ledger groups by the
// owner's local date. SQLite knows no IANA zones, so rows are bucketed here in TypeScript.
import { localDate, startOfLocalDay } from "../config/owner-time.ts";

const DAY_MS = 86_400_000;
// Every zone in use today has an offset that is a multiple of 15 minutes, so all instants inside one
// 15-minute UTC block share the same local date: one Intl call per block instead of one per row.
const BLOCK_MS = 15 * 60_000;
const MEMO_LIMIT = 20_000;

export type DayWindow = {
  /** The last `count` owner-calendar dates, oldest first, today last (YYYY-MM-DD). */
  dates: string[];
  /** A UTC ISO lower bound safely before the first date began: rows are read from here. */
  readFrom: string;
};

export function dayWindow(now: Date, timeZone: string, count: number): DayWindow {
  const today = localDate(now, timeZone);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  // Calendar arithmetic on the date itself, so a DST change cannot skip or repeat a day.
  const dates = Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10));
  // One spare day before the window: rows outside `dates` are dropped after bucketing.
  const readFrom = new Date(startOfLocalDay(now, timeZone).getTime() - count * DAY_MS).toISOString();
  return { dates, readFrom };
}

/** Maps UTC timestamps to the owner's local date, memoised per 15-minute block (dates never change). */
export class DayBucketer {
  private memo = new Map<number, string>();

  constructor(readonly timeZone: string) {}

  dateOf(createdAt: string): string {
    const block = Math.floor(Date.parse(createdAt) / BLOCK_MS);
    if (!Number.isFinite(block)) return "";
    let date = this.memo.get(block);
    if (date === undefined) {
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      date = localDate(new Date(block * BLOCK_MS), this.timeZone);
      this.memo.set(block, date);
    }
    return date;
  }
}
