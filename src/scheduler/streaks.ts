// Failure streaks of scheduled jobs (I-22…I-35): each finished run is counted on job_state; the owner's
// channel hears of a streak at its first failure and at most once per 6 h after a delivered notice, and
// once more, in one line, when it ends; the activity stream says `jobs` whenever a job's `failing` changed.
import type { ActivityHub } from "../activity/hub.ts";
import type { Store } from "../store/db.ts";
import { closeStreak, markTold, recordFailure } from "../store/job-state.ts";
import { noticeText, recoveryText, speakerOf } from "./notices.ts";
import type { Channel, Clock, Job, JobOutcome } from "./types.ts";

/** A send the channel has not accepted by then is cancelled (I-30). */
export const SEND_LIMIT_MS = 60_000;
/** A reminder needs this long since the last delivered notice (I-25). */
export const REMIND_AFTER_MS = 6 * 60 * 60 * 1000;

export type StreakDeps = {
  store: Store;
  hub: Pick<ActivityHub, "jobs">;
  log: (line: string) => void;
  /** The display name of an agent of the crew (for the `[Name]` prefix of a member's lines). */
  nameOf: (agentId: string) => string | undefined;
  /** The owner's channel; null while none is configured (the notice is then not sent, and retried). */
  channel: () => Channel | null;
  timezone: () => string;
  clock?: Clock;
  /** Tests shorten the 60 s bound. */
  sendLimitMs?: number;
};

export class Streaks {
  /** Jobs with a notice on its way to the channel (I-34); memory only. */
  private readonly sending = new Set<string>();
  private readonly clock: Clock;

  constructor(private readonly d: StreakDeps) {
    this.clock = d.clock ?? { now: () => new Date() };
  }

  /** True while a notice of the job's streak is on its way and the channel has not answered (I-34). */
  telling = (jobId: string): boolean => this.sending.has(jobId);

  /**
   * Counts a finished run of `job`. Only runs without a conversation take part (I-22): `error` is one more
   * failure, `done` closes the streak with a recovery line if the owner was told (I-27), `halted` closes it
   * silently (I-28); `interrupted` and `cancelled` are not counted (I-23). A failed send never rejects.
   */
  countOutcome = async (job: Job, outcome: JobOutcome): Promise<void> => {
    if (outcome.conversationId !== null) return;
    if (outcome.status === "error") return this.failed(job, outcome.reason);
    if (outcome.status === "done") return this.recovered(job);
    if (outcome.status === "halted" && closeStreak(this.d.store, job.id)) this.d.hub.jobs();
  };

  private async failed(job: Job, reason: string | null): Promise<void> {
    const now = this.clock.now();
    const state = recordFailure(this.d.store, job.id, now.toISOString());
    const told = state.toldAt ? Date.parse(state.toldAt) : null;
    // Never told yet: this failure tries again (I-26); told: only once 6 h have passed (I-25).
    const due = told === null || now.getTime() - told >= REMIND_AFTER_MS;
    const channel = this.d.channel();
    if (!due || this.sending.has(job.id) || !channel) {
      if (due && !channel) this.d.log(`job ${job.id}: failure notice sent=false`);
      return this.d.hub.jobs();
    }
    const streak = { count: state.failCount, since: new Date(state.streakSince!), timeZone: this.d.timezone() };
    const text = noticeText(job, speakerOf(job, this.d.nameOf), reason, streak);
    this.sending.add(job.id);
    this.d.hub.jobs();
    try {
      if (await this.send(job.id, channel, text)) markTold(this.d.store, job.id, this.clock.now().toISOString());
    } finally {
      this.sending.delete(job.id);
    }
    this.d.hub.jobs();
  }

  /** A done run ends the streak; one recovery line, never retried, only if a notice had arrived (I-27). */
  private async recovered(job: Job): Promise<void> {
    const before = closeStreak(this.d.store, job.id);
    if (!before) return;
    this.d.hub.jobs();
    if (!before.toldAt) return;
    const channel = this.d.channel();
    if (!channel) return this.d.log(`job ${job.id}: failure notice sent=false`);
    await this.send(job.id, channel, recoveryText(job, speakerOf(job, this.d.nameOf), before.failCount));
  }

  /** One bounded send (I-30, I-31): true when the channel accepted the text within the limit. */
  private async send(jobId: string, channel: Channel, text: string): Promise<boolean> {
    const abort = new AbortController();
    const timedOut = Promise.withResolvers<never>();
    const timer = setTimeout(() => {
      const reason = new DOMException("the channel did not answer in time", "TimeoutError");
      abort.abort(reason);
      timedOut.reject(reason);
    }, this.d.sendLimitMs ?? SEND_LIMIT_MS);
    try {
      await Promise.race([channel.send(text, abort.signal), timedOut.promise]);
      this.d.log(`job ${jobId}: failure notice sent=true`);
      return true;
    } catch (e) {
      const err = e as { name?: string; message?: string };
      this.d.log(`job ${jobId}: failure notice not sent: ${err.name ?? "Error"}: ${err.message ?? String(e)}`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
