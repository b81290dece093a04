// When a job is due: `every` (Ns/m/h/d) counts from the job's mark, `cron` goes through croner in the
// owner's timezone. dueSlots lists the slots in (from, to], capped so a long downtime stays bounded.
import { Cron } from "croner";

/** At most this many slots are returned for one range; the earlier ones are collapsed (docs/jobs.md). */
export const SLOT_CAP = 1000;

export type Timing = { cron: string | null; every: string | null };

/** The text a mark belongs to (job_state.timing): the cron expression or the every value. */
export const timingText = (t: Timing): string => t.cron ?? t.every ?? "";

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of an `every` value such as 30m; null when it is not one (the schema refuses those). */
export function everyMs(every: string): number | null {
  const m = /^(\d+)([smhd])$/.exec(every);
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]];
  return ms > 0 ? ms : null;
}

// One paused Cron per (pattern, zone): building one parses the pattern, and every tick asks each job.
const crons = new Map<string, Cron>();

function cronFor(pattern: string, timeZone: string): Cron {
  const key = `${timeZone}\n${pattern}`;
  let c = crons.get(key);
  if (!c) {
    c = new Cron(pattern, { timezone: timeZone, paused: true });
    crons.set(key, c);
  }
  return c;
}

/** The first slot strictly after `after`, or null when there is none (a bad timing). */
export function nextSlot(t: Timing, after: Date, timeZone: string): Date | null {
  if (t.cron) return cronFor(t.cron, timeZone).nextRun(after);
  const ms = t.every ? everyMs(t.every) : null;
  return ms ? new Date(after.getTime() + ms) : null;
}

/** The first slot after `mark` that is also after `now`: where the cadence next lands (for next_run). */
export function nextAfter(t: Timing, mark: Date, now: Date, timeZone: string): Date | null {
  if (t.cron) return nextSlot(t, mark > now ? mark : now, timeZone);
  const ms = t.every ? everyMs(t.every) : null;
  if (!ms) return null;
  const steps = now <= mark ? 1 : Math.floor((now.getTime() - mark.getTime()) / ms) + 1;
  return new Date(mark.getTime() + steps * ms);
}

/**
 * The slots in (from, to], oldest first: the latest SLOT_CAP of them when there are more, with
 * `collapsed` = how many earlier ones were left out.
 */
export function dueSlots(
  t: Timing,
  from: Date,
  to: Date,
  timeZone: string,
  cap: number = SLOT_CAP,
): { slots: Date[]; collapsed: number } {
  if (to <= from) return { slots: [], collapsed: 0 };
  if (t.every) return everySlots(everyMs(t.every), from, to, cap);
  if (!t.cron) return { slots: [], collapsed: 0 };
  const cron = cronFor(t.cron, timeZone);
  const slots: Date[] = [];
  for (let at = cron.nextRun(from); at && at <= to; at = cron.nextRun(at)) {
    if (slots.length === cap) return latestCron(cron, from, to, cap);
    slots.push(at);
  }
  return { slots, collapsed: 0 };
}

function everySlots(ms: number | null, from: Date, to: Date, cap: number) {
  if (!ms) return { slots: [], collapsed: 0 };
  const count = Math.floor((to.getTime() - from.getTime()) / ms);
  const first = Math.max(1, count - cap + 1);
  const slots: Date[] = [];
  for (let k = first; k <= count; k++) slots.push(new Date(from.getTime() + k * ms));
  return { slots, collapsed: first - 1 };
}

/** More than `cap` cron slots: walk back from `to` for the latest ones; the count before them is not walked. */
function latestCron(cron: Cron, from: Date, to: Date, cap: number) {
  const back = cron.previousRuns(cap + 1, new Date(to.getTime() + 1)).filter((d) => d > from && d <= to);
  const slots = back.slice(0, cap).reverse();
  // At least one slot fell before the kept ones; how many exactly is not worth walking a month for.
  return { slots, collapsed: Math.max(1, back.length - cap) };
}
