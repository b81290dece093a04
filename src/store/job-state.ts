// Runtime state per scheduled job (id <agent_id>/<schedule_id>): the pause override (I-10),
// the last-run mark (I-15) and the failure streak (I-22..I-34). Each function is one upsert;
// the schema keeps a streak start exactly when fail_count > 0, and told_at only inside a streak.
import { all, nowIso, one, write, writeReturning, type Store } from "./db.ts";

export interface JobState {
  jobId: string;
  paused: boolean;
  lastRunAt: string | null;
  lastRunId: string | null;
  /** The cron/every text the last-run mark was taken for (I-15). */
  timing: string | null;
  failCount: number;
  streakSince: string | null;
  toldAt: string | null;
  updatedAt: string;
}

export function getJobState(store: Store, jobId: string): JobState | null {
  const row = one<JobStateRow>(store, `SELECT ${COLUMNS} FROM job_state WHERE job_id = $jobId`, { jobId });
  return row ? toJobState(row) : null;
}

export function listJobStates(store: Store): JobState[] {
  return all<JobStateRow>(store, `SELECT ${COLUMNS} FROM job_state ORDER BY job_id`).map(toJobState);
}

/** The pause switch from PATCH /api/jobs/{id}/state; survives restart (I-10). */
export function setPaused(store: Store, jobId: string, paused: boolean): JobState {
  return upsert(store, jobId, "paused = excluded.paused", { paused: paused ? 1 : 0 });
}

/** Sets the last-run mark: a finished run, or "time of save" for a new/retimed row (I-15). */
export function markLastRun(
  store: Store,
  jobId: string,
  mark: { at: string; runId?: string | null; timing?: string | null },
): JobState {
  return upsert(
    store,
    jobId,
    "last_run_at = excluded.last_run_at, last_run_id = excluded.last_run_id, timing = excluded.timing",
    { lastRunAt: mark.at, lastRunId: mark.runId ?? null, timing: mark.timing ?? null },
  );
}

/** One more failure; the first one opens the streak at `at` (I-22, I-24). */
export function recordFailure(store: Store, jobId: string, at: string = nowIso()): JobState {
  return upsert(
    store,
    jobId,
    "fail_count = job_state.fail_count + 1, streak_since = coalesce(job_state.streak_since, excluded.streak_since)",
    { failCount: 1, streakSince: at },
  );
}

/** The channel accepted a notice of the current streak (I-33); null when not in a streak. */
export function markTold(store: Store, jobId: string, at: string = nowIso()): JobState | null {
  const row = writeReturning<JobStateRow>(
    store,
    `UPDATE job_state SET told_at = $at, updated_at = $at WHERE job_id = $jobId AND fail_count > 0
     RETURNING ${COLUMNS}`,
    { jobId, at },
  );
  return row ? toJobState(row) : null;
}

/**
 * Ends the streak (a done run, or any other non-failure, I-27, I-28) and returns the state it
 * had, so the caller knows whether the owner was told; null when there was no streak.
 */
export function closeStreak(store: Store, jobId: string): JobState | null {
  return store.tx(() => {
    const before = getJobState(store, jobId);
    if (!before || before.failCount === 0) return null;
    write(
      store,
      `UPDATE job_state SET fail_count = 0, streak_since = NULL, told_at = NULL, updated_at = $at
       WHERE job_id = $jobId`,
      { jobId, at: nowIso() },
    );
    return before;
  });
}

/** A row removed from the profile loses its pause switch and streak, not its last-run mark (I-14, I-16). */
export function forgetJob(store: Store, jobId: string): boolean {
  return write(
    store,
    `UPDATE job_state SET paused = 0, fail_count = 0, streak_since = NULL, told_at = NULL,
       updated_at = $at WHERE job_id = $jobId`,
    { jobId, at: nowIso() },
  ) > 0;
}

export function deleteJobState(store: Store, jobId: string): boolean {
  return write(store, "DELETE FROM job_state WHERE job_id = $jobId", { jobId }) > 0;
}

/** Inserts the job's row with `values` or, when it exists, applies `onConflict`. */
function upsert(
  store: Store,
  jobId: string,
  onConflict: string,
  values: Partial<Pick<JobStateRow, "paused" | "failCount" | "lastRunAt" | "lastRunId" | "timing" | "streakSince">>,
): JobState {
  const row = writeReturning<JobStateRow>(
    store,
    `INSERT INTO job_state (job_id, paused, last_run_at, last_run_id, timing, fail_count,
       streak_since, updated_at)
     VALUES ($jobId, $paused, $lastRunAt, $lastRunId, $timing, $failCount, $streakSince, $at)
     ON CONFLICT (job_id) DO UPDATE SET ${onConflict}, updated_at = excluded.updated_at
     RETURNING ${COLUMNS}`,
    {
      jobId,
      paused: values.paused ?? 0,
      lastRunAt: values.lastRunAt ?? null,
      lastRunId: values.lastRunId ?? null,
      timing: values.timing ?? null,
      failCount: values.failCount ?? 0,
      streakSince: values.streakSince ?? null,
      at: nowIso(),
    },
  );
  return toJobState(row!);
}

const COLUMNS = `job_id AS jobId, paused, last_run_at AS lastRunAt, last_run_id AS lastRunId, timing,
  fail_count AS failCount, streak_since AS streakSince, told_at AS toldAt, updated_at AS updatedAt`;

type JobStateRow = Omit<JobState, "paused"> & { paused: number };

function toJobState(row: JobStateRow): JobState {
  return { ...row, paused: row.paused === 1 };
}
