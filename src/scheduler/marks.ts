// A job's mark (job_state.last_run_at + timing): the last slot the clock considered, or the time of save for
// a new, retimed or re-enabled row (I-15). Also the boot pass: slots passed while the server was down.
import { getJobState, forgetJob } from "../store/job-state.ts";
import { recordSlots, setMark, type NewSlot } from "../store/job-slots.ts";
import type { Store } from "../store/db.ts";
import { dueSlots, timingText } from "./timing.ts";
import type { Job } from "./types.ts";

/** The enabled job's mark; one with none, or one taken for another timing, gets `now` (I-15, I-20). */
export function ensureMark(store: Store, job: Job, now: Date): Date {
  const state = getJobState(store, job.id);
  const timing = timingText(job);
  if (state?.lastRunAt && state.timing === timing) return new Date(state.lastRunAt);
  setMark(store, job.id, now.toISOString(), timing);
  return now;
}

/** A disabled or dropped row keeps its mark, detached from its timing: coming back it counts as new. */
export function detachMark(store: Store, jobId: string): void {
  const state = getJobState(store, jobId);
  if (state?.lastRunAt && state.timing !== null) setMark(store, jobId, state.lastRunAt, null);
}

/**
 * Follows a new profile table (I-14…I-16): a dropped row loses its pause and streak; a dropped or disabled
 * row's mark is detached, so a new, retimed or re-enabled row gets mark = now (ensureMark), while a
 * content-only change keeps its mark.
 */
export function applyReload(store: Store, old: Job[], next: Job[], now: Date): void {
  const kept = new Set(next.map((j) => j.id));
  for (const j of old) {
    if (kept.has(j.id)) continue;
    forgetJob(store, j.id);
    detachMark(store, j.id);
  }
  for (const j of next) {
    if (j.enabled) ensureMark(store, j, now);
    else detachMark(store, j.id);
  }
}

/**
 * At boot (start): every slot of an enabled job between its mark and `now` passed while the server was
 * down: recorded `missed` reason `down` (`skipped` `paused` for a paused job), never run (no catch-up).
 * Disabled rows get their mark detached; jobs without a mark for their timing get mark = now.
 */
export function bootMissed(store: Store, jobs: Job[], now: Date, timeZone: string, log: (l: string) => void): void {
  for (const job of jobs) {
    if (!job.enabled) {
      detachMark(store, job.id);
      continue;
    }
    const state = getJobState(store, job.id);
    const mark = ensureMark(store, job, now);
    if (mark.getTime() === now.getTime()) continue;
    const { slots, collapsed } = dueSlots(job, mark, now, timeZone);
    if (collapsed > 0) log(`job ${job.id}: ${collapsed} earlier slot(s) while down not listed`);
    if (!slots.length) continue;
    const records: NewSlot[] = slots.map((d) =>
      state?.paused
        ? { dueAt: d.toISOString(), outcome: "skipped", reason: "paused" }
        : { dueAt: d.toISOString(), outcome: "missed", reason: "down" },
    );
    recordSlots(store, job.id, records, { at: slots[slots.length - 1].toISOString(), timing: timingText(job) });
  }
}
