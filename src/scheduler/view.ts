// One row of GET /api/jobs (JobView) from a job, its job_state, its newest run and its ledger; every time in
// owner time to the minute (I-12, I-33).
import { ownerMinute } from "../config/owner-time.ts";
import type { Failing, JobView, Slot } from "../models/jobs.ts";
import type { Store } from "../store/db.ts";
import { getJobState, type JobState } from "../store/job-state.ts";
import { listSlots } from "../store/job-slots.ts";
import { lastJobRun } from "../store/runs.ts";
import type { Crew } from "../turns/crew.ts";
import { agentName, RUNNABLE } from "./table.ts";
import { nextAfter, timingText } from "./timing.ts";
import type { Job } from "./types.ts";

/** Slots a JobView carries, newest first. */
export const VIEW_SLOTS = 20;

/** A reminder comes no sooner than this after the last delivered notice (I-25). */
const REMIND_MS = 6 * 3_600_000;

export type ViewContext = {
  store: Store;
  crew: Crew;
  timeZone: string;
  now: Date;
  telling: (jobId: string) => boolean;
};

export function jobView(c: ViewContext, job: Job): JobView {
  const state = getJobState(c.store, job.id);
  const minute = (iso: string) => ownerMinute(new Date(iso), c.timeZone);
  const paused = job.enabled && (state?.paused ?? false);
  const run = lastJobRun(c.store, job.id);
  return {
    id: job.id,
    agent: job.agentId,
    agent_name: agentName(c.crew, job.agentId),
    schedule: job.scheduleId,
    name: job.name,
    origin: job.origin,
    kind: job.kind,
    cron: job.cron,
    every: job.every,
    enabled: job.enabled,
    paused,
    next_run: job.enabled && !paused && RUNNABLE.has(job.kind) ? nextRun(c, job, state) : null,
    last_run: run
      ? {
        id: run.id,
        status: run.status,
        started_at: minute(run.startedAt),
        ended_at: run.endedAt && minute(run.endedAt),
      }
      : null,
    failing: failing(c, job.id, state),
    slots: listSlots(c.store, job.id, VIEW_SLOTS).map((s) => {
      const slot: Slot = { due_at: minute(s.dueAt), outcome: s.outcome };
      if (s.runId) slot.run_id = s.runId;
      if (s.reason) slot.reason = s.reason;
      return slot;
    }),
  };
}

/** The first slot after now on the job's cadence, counted from its mark (now when it has none for this timing). */
function nextRun(c: ViewContext, job: Job, state: JobState | null): string | null {
  const mark = state?.lastRunAt && state.timing === timingText(job) ? new Date(state.lastRunAt) : c.now;
  const next = nextAfter(job, mark, c.now, c.timeZone);
  return next ? ownerMinute(next, c.timeZone) : null;
}

function failing(c: ViewContext, jobId: string, state: JobState | null): Failing | null {
  if (!state || state.failCount === 0 || !state.streakSince) return null;
  const minute = (d: Date) => ownerMinute(d, c.timeZone);
  const told = state.toldAt ? new Date(state.toldAt) : null;
  return {
    count: state.failCount,
    since: minute(new Date(state.streakSince)),
    told_at: told && minute(told),
    next_notice_at: told && minute(new Date(told.getTime() + REMIND_MS)),
    telling: c.telling(jobId),
  };
}
