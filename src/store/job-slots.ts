// The slot ledger (issue 13): one row per due slot of a job, ran/skipped/missed. Recording slots and moving
// the job's mark (job_state.last_run_at) happen in one transaction, so a crash leaves both or neither.
import type { SlotOutcome, SlotReason } from "../models/jobs.ts";
import { all, nowIso, write, type Store } from "./db.ts";

/** Slots kept per job; older ones are pruned when new ones are recorded. */
export const SLOTS_KEPT = 100;

export type SlotRecord = {
  id: number;
  jobId: string;
  /** UTC ISO */
  dueAt: string;
  outcome: SlotOutcome;
  runId: string | null;
  reason: SlotReason | null;
};

export type NewSlot = { dueAt: string; outcome: SlotOutcome; reason?: SlotReason | null };

/**
 * Records `slots` for the job and, when `mark` is given, sets its mark to `mark.at` for `mark.timing`,
 * all in one transaction. Returns the ids of the new rows, in order.
 */
export function recordSlots(
  store: Store,
  jobId: string,
  slots: NewSlot[],
  mark: { at: string; timing: string } | null,
): number[] {
  return store.tx(() => {
    const ids = slots.map((s) => {
      const row = store.db
        .query<{ id: number }, Record<string, string | null>>(
          `INSERT INTO job_slots (job_id, due_at, outcome, reason) VALUES ($jobId, $dueAt, $outcome, $reason)
           RETURNING id`,
        )
        .get({ jobId, dueAt: s.dueAt, outcome: s.outcome, reason: s.reason ?? null });
      return row!.id;
    });
    if (mark) setMark(store, jobId, mark.at, mark.timing);
    if (slots.length) prune(store, jobId);
    if (slots.length) store.wrote();
    return ids;
  });
}

/** Ties a `ran` slot to the run it started, once the run is known. */
export function setSlotRun(store: Store, slotId: number, runId: string): boolean {
  return write(store, "UPDATE job_slots SET run_id = $runId WHERE id = $slotId AND outcome = 'ran'", {
    slotId,
    runId,
  }) > 0;
}

/** The job's newest `limit` slots, newest first. */
export function listSlots(store: Store, jobId: string, limit = 20): SlotRecord[] {
  return all<SlotRecord>(
    store,
    `SELECT id, job_id AS jobId, due_at AS dueAt, outcome, run_id AS runId, reason FROM job_slots
     WHERE job_id = $jobId ORDER BY due_at DESC, id DESC LIMIT $limit`,
    { jobId, limit },
  );
}

export function deleteSlots(store: Store, jobId: string): number {
  return write(store, "DELETE FROM job_slots WHERE job_id = $jobId", { jobId });
}

/**
 * The mark alone (no slot): upsert keeping pause, streak and last_run_id. A null timing detaches the mark
 * from any timing (a disabled or dropped row), so the row coming back counts as new (I-15).
 */
export function setMark(store: Store, jobId: string, at: string, timing: string | null): void {
  store.db
    .query(
      `INSERT INTO job_state (job_id, last_run_at, timing, updated_at) VALUES ($jobId, $at, $timing, $now)
       ON CONFLICT (job_id) DO UPDATE SET last_run_at = excluded.last_run_at, timing = excluded.timing,
         updated_at = excluded.updated_at`,
    )
    .run({ jobId, at, timing, now: nowIso() });
  store.wrote();
}

function prune(store: Store, jobId: string): void {
  store.db
    .query(
      `DELETE FROM job_slots WHERE job_id = $jobId AND id NOT IN (
         SELECT id FROM job_slots WHERE job_id = $jobId ORDER BY due_at DESC, id DESC LIMIT $kept)`,
    )
    .run({ jobId, kept: SLOTS_KEPT });
}
