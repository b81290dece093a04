// Failure streaks on an in-memory store with a hand-moved clock and fake channels that record, refuse or
// never answer, for the streak and notice tests.
import { Streaks } from "../../../src/scheduler/streaks.ts";
import type { Channel, Job, JobOutcome } from "../../../src/scheduler/types.ts";
import { openStore } from "../../../src/store/db.ts";
import { getJobState } from "../../../src/store/job-state.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A channel that keeps every text it accepts. */
export function recording(): Channel & { texts: string[] } {
  const texts: string[] = [];
  return { texts, send: async (text) => void texts.push(text) };
}

/** A channel that never answers and ignores its signal: only the scheduler's bound can end the send. */
export const silent: Channel = { send: () => new Promise<void>(() => {}) };

export function streakHarness(opts: { start: string; timezone?: string; channel?: Channel | null; limitMs?: number }) {
  const store = openStore(":memory:");
  const clock = { at: new Date(opts.start), now: () => new Date(clock.at) };
  const logs: string[] = [];
  const hub = { events: 0, jobs: () => void hub.events++ };
  const names: Record<string, string> = { default: "Trợ lý", ops: "Vận hành" };
  const current = { channel: opts.channel === undefined ? recording() : opts.channel };
  const streaks = new Streaks({
    store,
    hub,
    log: (line) => void logs.push(line),
    nameOf: (id) => names[id],
    channel: () => current.channel,
    timezone: () => opts.timezone ?? "Asia/Ho_Chi_Minh",
    clock,
    sendLimitMs: opts.limitMs,
  });
  const outcome = (status: JobOutcome["status"], reason: string | null = null): JobOutcome =>
    ({ runId: crypto.randomUUID(), status, conversationId: null, reason });
  /** Counts one run of `job` ending `status` at the clock's time, then moves the clock by `stepMs`. */
  const count = async (job: Job, status: JobOutcome["status"], reason: string | null = null, stepMs = 0) => {
    await streaks.countOutcome(job, outcome(status, reason));
    clock.at = new Date(clock.at.getTime() + stepMs);
  };
  const state = (job: Job) => getJobState(store, job.id);
  return { store, clock, logs, hub, streaks, current, outcome, count, state };
}
