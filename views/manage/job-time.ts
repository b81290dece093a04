// Owner-time words of the Jobs page (M-46, M-47): a time alone today, "yesterday 07:00" in words,
// "09/10 22:05" otherwise, and the failure line built from a job's `failing`. Which day is today is the
// server's to say (it passes `Days`), so every tab reads the same words.
import type { Failing } from "../../src/models/jobs.ts";
import { T_JOBS_PAGE } from "../../src/texts/vi-jobs-page.ts";

/** The owner's today and yesterday as YYYY-MM-DD. */
export type Days = { today: string; yesterday: string };

/** `at` is owner time to the minute, "YYYY-MM-DD HH:MM" (I-12). */
export function when(at: string, days: Days): string {
  const [date = "", time = ""] = at.split(" ");
  if (date === days.today) return time;
  if (date === days.yesterday) return T_JOBS_PAGE.yesterday(time);
  const [, month, day] = date.split("-");
  return `${day}/${month} ${time}`;
}

/**
 * M-46's sentence: how many failures since when, then when the channel was told and when it is reminded.
 * While a reminder is in flight the line still reports the last delivered notice.
 */
export function failingLine(f: Failing, days: Days): string {
  const words = T_JOBS_PAGE.failing;
  const since = when(f.since, days);
  const first = f.count > 1 ? words.many(f.count, since) : words.once(since);
  const second = f.told_at !== null && f.next_notice_at !== null
    ? words.told(when(f.told_at, days), when(f.next_notice_at, days))
    : f.telling ? words.telling : words.notTold;
  return `${first} ${second}`;
}
