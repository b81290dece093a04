// What the scheduler holds and hands around: a job as built from a profile row or a chat schedule, the
// outcome of running one, and the owner's channel that failure notices go through.
import type { JobKind, JobOrigin, JobView } from "../models/jobs.ts";
import type { RunStatus } from "../models/runs.ts";

/** One job of the clock (I-01): rebuilt from the running crew and created_schedules on every read. */
export type Job = {
  /** `<agent_id>/<schedule_id>` */
  id: string;
  agentId: string;
  scheduleId: string;
  /** The schedule's `name`, else its id. */
  name: string;
  origin: JobOrigin;
  kind: JobKind;
  /** Exactly one of cron and every is set (I-02). */
  cron: string | null;
  every: string | null;
  /** False for a row with `enabled: false` in agent.yaml: listed, never on the clock (I-10). */
  enabled: boolean;
  /** The prompt, the command or the script, by kind (null for consolidate). */
  body: string | null;
  thenPrompt: string | null;
  approvalTtlSeconds: number | null;
};

/** How a job's run ended, as the streak counter reads it (I-22…I-28). */
export type JobOutcome = {
  runId: string;
  status: RunStatus;
  /** Null for command/script/consolidate runs: only those take part in failure streaks (I-22). */
  conversationId: string | null;
  /** The run's reason in one sentence when it ended `error` (L-72…L-74). */
  reason: string | null;
};

/**
 * The owner's channel (Telegram once it exists). `send` resolves when the channel accepted the text and
 * rejects otherwise; the scheduler cuts it at 60 s (I-30). Null: no channel is configured.
 */
export type Channel = {
  send(text: string, signal: AbortSignal): Promise<void>;
};

/**
 * Where a prompt job's answer goes (L-64): the owner's chat. `deliver` sends the messages in order and
 * resolves true once all were sent, false (or rejects) otherwise; `key` names this delivery so a resumed
 * send never repeats a message. A failed delivery is logged, not retried (L-69).
 */
export type JobChannel = {
  deliver(messages: { text: string; workspace: string }[], key: string): Promise<boolean>;
};

/** The scheduler's clock, injectable so tests move time by hand. */
export type Clock = { now(): Date };

/** A refusal of a job action: the HTTP status and one sentence for the owner. */
export type JobRefusal = { status: 404 | 409; detail: string };

/**
 * What the API and the Jobs page ask of the scheduler (implemented by Scheduler in clock.ts). Every read
 * rebuilds {profile jobs} ∪ {chat jobs from the store} (I-20); ids contain a slash.
 */
export interface JobsControl {
  /** Every job, profile rows first (master first, then members by id), each with its last 20 slots. */
  list(): JobView[];
  view(id: string): JobView | null;
  /** How many jobs' latest run ended in error (M-40). */
  failingCount(): number;
  /** Starts the job now, outside the clock (I-09); resolves when it has started, not when it ends. */
  runNow(id: string): { ok: true } | { ok: false; refusal: JobRefusal };
  /** Pause/resume (I-10): only rows the profile enables; stored, survives restarts. */
  setPaused(id: string, paused: boolean): { ok: true; job: JobView } | { ok: false; refusal: JobRefusal };
  /** Deletes a chat schedule and its state, keeps its runs (I-21); 409 for profile jobs. */
  remove(id: string): { ok: true } | { ok: false; refusal: JobRefusal };
  /** Re-reads the crew's schedules (I-13, I-15…I-17) and emits `jobs` (I-36). */
  reload(): void;
}
