// The shapes of scheduled jobs (I-01…I-39) as GET /api/jobs returns them and the Jobs page renders them,
// and the slot ledger: every due slot is recorded as ran, skipped or missed, never a silent gap.
import { z } from "zod";

export const JobOrigin = z.enum(["profile", "chat"]);
export type JobOrigin = z.infer<typeof JobOrigin>;

/** What a job does when it runs: exactly one per schedule (I-02), `consolidate` from memory_consolidate. */
export const JobKind = z.enum(["prompt", "command", "script", "consolidate"]);
export type JobKind = z.infer<typeof JobKind>;

export const SlotOutcome = z.enum(["ran", "skipped", "missed"]);
export type SlotOutcome = z.infer<typeof SlotOutcome>;

/**
 * Why a slot did not run: `paused` (the owner paused it), `changed` (its row was saved or dropped while an
 * earlier job of the same tick ran, I-17), `not_yet` (its kind needs a later version of my-crew), `down`
 * (the server was not running at that time), `busy` (an earlier job of the clock overran the slot).
 */
export const SlotReason = z.enum(["paused", "changed", "not_yet", "down", "busy"]);
export type SlotReason = z.infer<typeof SlotReason>;

/** One ledger record, exactly this shape on the API. Times in owner time to the minute (I-12). */
export type Slot = { due_at: string; outcome: SlotOutcome; run_id?: string; reason?: SlotReason };

/** The failure streak of a job (I-33); null when not in one. */
export type Failing = {
  count: number;
  since: string;
  told_at: string | null;
  next_notice_at: string | null;
  telling: boolean;
};

/** One row of GET /api/jobs. */
export type JobView = {
  id: string;
  agent: string;
  /** The agent's display name (its `name`, else its id). */
  agent_name: string;
  schedule: string;
  name: string;
  origin: JobOrigin;
  kind: JobKind;
  /** The raw timing: a five-field cron or an `every` value such as 30m. */
  cron: string | null;
  every: string | null;
  enabled: boolean;
  paused: boolean;
  next_run: string | null;
  last_run: { id: string; status: string; started_at: string; ended_at: string | null } | null;
  failing: Failing | null;
  slots: Slot[];
};
