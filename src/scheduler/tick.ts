// One job's turn in a tick (I-03, I-17): its due slots in (mark, now] are recorded in the ledger and the mark
// moves to the latest; only the latest can run, and only when the job is neither paused nor busy.
import type { Store } from "../store/db.ts";
import { getJobState } from "../store/job-state.ts";
import { recordSlots, type NewSlot } from "../store/job-slots.ts";
import { ensureMark } from "./marks.ts";
import { RUNNABLE, sameJob } from "./table.ts";
import { dueSlots, timingText } from "./timing.ts";
import type { Job } from "./types.ts";

/** The mark a job had when the tick began, for slots a mid-tick change abandons. */
export type TickMark = { at: string; timing: string | null } | null;

export type TickContext = {
  store: Store;
  now: () => Date;
  timeZone: string;
  log: (line: string) => void;
  /** The job as it is now (rebuilt, I-20), null when it was dropped. */
  current: (id: string) => Job | null;
  isRunning: (id: string) => boolean;
};

/** Each job's mark as the tick begins. */
export function marksAt(store: Store, jobs: Job[]): Map<string, TickMark> {
  return new Map(jobs.map((j) => {
    const s = getJobState(store, j.id);
    return [j.id, s?.lastRunAt ? { at: s.lastRunAt, timing: s.timing } : null];
  }));
}

/**
 * Records the job's due slots and returns the ledger id of the slot to run, or null when nothing runs.
 * `snap` is the job as the tick saw it at its start.
 */
export function considerJob(c: TickContext, snap: Job, began: TickMark): number | null {
  const now = c.now();
  const job = c.current(snap.id);
  if (!job || !sameJob(job, snap)) return abandon(c, snap, job, began, now);
  const mark = ensureMark(c.store, job, now);
  const { slots, collapsed } = dueSlots(job, mark, now, c.timeZone);
  if (collapsed > 0) log(c, job, `${collapsed} earlier slot(s) not listed`);
  if (!slots.length) return null;
  const at = slots.map((d) => d.toISOString());
  const markTo = { at: at[at.length - 1], timing: timingText(job) };
  const noRun = (outcome: "skipped" | "missed", reason: NewSlot["reason"]): null => {
    recordSlots(c.store, job.id, at.map((dueAt) => ({ dueAt, outcome, reason })), markTo);
    return null;
  };
  if (getJobState(c.store, job.id)?.paused) return noRun("skipped", "paused");
  if (!RUNNABLE.has(job.kind)) return noRun("skipped", "not_yet");
  // A manual run of this very job still going: the clock never starts it twice at once.
  if (c.isRunning(job.id)) return noRun("missed", "busy");
  const records: NewSlot[] = at.map((dueAt, i) =>
    i < at.length - 1 ? { dueAt, outcome: "missed", reason: "busy" } : { dueAt, outcome: "ran" },
  );
  const ids = recordSlots(c.store, job.id, records, markTo);
  return ids[ids.length - 1];
}

/**
 * The row was saved or dropped while an earlier job of this tick ran (I-17): it does not run now. Slots due
 * under the old timing are abandoned (recorded `skipped` `changed`) when the row was dropped, disabled or
 * retimed; after a content-only change the slot stays due for the next tick (no record).
 */
function abandon(c: TickContext, snap: Job, job: Job | null, began: TickMark, now: Date): null {
  if (job && job.enabled && timingText(job) === timingText(snap)) return null;
  // A chat schedule deleted meanwhile took its ledger with it: nothing to record against.
  if (!job && snap.origin === "chat") return null;
  if (!began || began.timing !== timingText(snap)) return null;
  const { slots } = dueSlots(snap, new Date(began.at), now, c.timeZone);
  if (!slots.length) return null;
  log(c, snap, `changed during the tick, ${slots.length} slot(s) skipped`);
  const records = slots.map((d): NewSlot => ({ dueAt: d.toISOString(), outcome: "skipped", reason: "changed" }));
  recordSlots(c.store, snap.id, records, null);
  return null;
}

function log(c: TickContext, job: Job, what: string): void {
  c.log(`job ${job.id}: ${what}`);
}
