// The scheduler (I-01…I-21): the profile job table swapped whole on reload, chat jobs re-read on every read,
// a 20 s tick running due jobs one after another, and the actions of the Jobs API (run now, pause, delete).
import type { ActivityHub } from "../activity/hub.ts";
import type { JobView } from "../models/jobs.ts";
import type { Store } from "../store/db.ts";
import { setPaused } from "../store/job-state.ts";
import { deleteSlots, setSlotRun } from "../store/job-slots.ts";
import { lastJobRun } from "../store/runs.ts";
import { deleteSchedule } from "../store/schedules.ts";
import { TJobsClock as T } from "../texts/vi-jobs-clock.ts";
import type { Crew } from "../turns/crew.ts";
import { applyReload, bootMissed, detachMark, ensureMark } from "./marks.ts";
import { chatJobs, findChatJob, profileJobs, RUNNABLE } from "./table.ts";
import { considerJob, marksAt } from "./tick.ts";
import type { Clock, Job, JobOutcome, JobRefusal, JobsControl } from "./types.ts";
import { jobView } from "./view.ts";

/** How often the clock looks for due jobs (I-03). */
export const TICK_MS = 20_000;

export type SchedulerDeps = {
  store: Store;
  crew: () => Crew;
  hub: Pick<ActivityHub, "jobs">;
  log: (line: string) => void;
  timezone: () => string;
  clock?: Clock;
  /** Runs the job to its end (run-job.ts). */
  run: (job: Job) => Promise<JobOutcome>;
  /** Counts the outcome for failure streaks and sends notices (streaks.ts). */
  count: (job: Job, outcome: JobOutcome) => Promise<void>;
  /** True while a failure notice of the job is on its way (I-34). */
  telling?: (jobId: string) => boolean;
};

type Refused = { ok: false; refusal: JobRefusal };
const refuse = (status: 404 | 409, detail: string): Refused => ({ ok: false, refusal: { status, detail } });

export class Scheduler implements JobsControl {
  private table: Job[];
  private readonly running = new Set<string>();
  private ticking: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly d: SchedulerDeps) {
    this.table = profileJobs(d.crew());
  }

  /** Profile jobs ∪ chat jobs from the store (I-20); a chat job seen for the first time gets mark = now. */
  jobs(): Job[] {
    const chat = chatJobs(this.d.store, this.d.crew());
    for (const j of chat) this.seen(j);
    return [...this.table, ...chat];
  }

  get(id: string): Job | null {
    const row = this.table.find((j) => j.id === id);
    if (row) return row;
    const chat = findChatJob(this.d.store, this.d.crew(), id);
    if (chat) this.seen(chat);
    return chat;
  }

  list(): JobView[] {
    return this.jobs().map((j) => jobView(this.viewContext(), j));
  }

  /** How many jobs' latest run failed (the nav counter, M-40): one indexed read per job, no full view. */
  failingCount(): number {
    return this.jobs().filter((j) => lastJobRun(this.d.store, j.id)?.status === "error").length;
  }

  view(id: string): JobView | null {
    const job = this.get(id);
    return job ? jobView(this.viewContext(), job) : null;
  }

  /** True while a run of the job (clock or manual) has not ended. */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  runNow(id: string): { ok: true } | Refused {
    const job = this.get(id);
    if (!job) return refuse(404, T.unknownJob(id));
    const blocked = this.blocked(job);
    if (blocked) return blocked;
    if (!RUNNABLE.has(job.kind)) return refuse(409, T.notYet(id));
    if (this.running.has(id)) return refuse(409, T.running(id));
    void this.runJob(job, null);
    return { ok: true };
  }

  setPaused(id: string, paused: boolean): { ok: true; job: JobView } | Refused {
    const job = this.get(id);
    if (!job) return refuse(404, T.unknownJob(id));
    const blocked = this.blocked(job);
    if (blocked) return blocked;
    setPaused(this.d.store, id, paused);
    return { ok: true, job: jobView(this.viewContext(), job) };
  }

  remove(id: string): { ok: true } | Refused {
    const job = this.get(id);
    if (!job) return refuse(404, T.unknownJob(id));
    if (job.origin === "profile") return refuse(409, T.profileDelete(id));
    this.d.store.tx(() => {
      deleteSchedule(this.d.store, job.scheduleId);
      deleteSlots(this.d.store, id);
    });
    return { ok: true };
  }

  reload(): void {
    const next = profileJobs(this.d.crew());
    applyReload(this.d.store, this.table, next, this.now());
    this.table = next;
    this.d.hub.jobs();
  }

  /** Records the slots missed while the server was down, then ticks every 20 s (unref'd). */
  start(): void {
    if (this.timer) return;
    bootMissed(this.d.store, this.jobs(), this.now(), this.d.timezone(), this.d.log);
    this.timer = setInterval(() => {
      this.tick().catch((e) => this.d.log(`scheduler: tick failed: ${message(e)}`));
    }, TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass over the jobs; a tick asked for while one is going joins it instead of overlapping. */
  tick(): Promise<void> {
    this.ticking ??= this.pass().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async pass(): Promise<void> {
    const snapshot = this.jobs().filter((j) => j.enabled);
    const began = marksAt(this.d.store, snapshot);
    const ctx = {
      store: this.d.store,
      now: () => this.now(),
      timeZone: this.d.timezone(),
      log: this.d.log,
      current: (id: string) => this.get(id),
      isRunning: (id: string) => this.running.has(id),
    };
    for (const job of snapshot) {
      try {
        const slotId = considerJob(ctx, job, began.get(job.id) ?? null);
        if (slotId !== null) await this.runJob(job, slotId);
      } catch (e) {
        this.d.log(`job ${job.id}: tick failed: ${message(e)}`);
      }
    }
  }

  /** Runs the job to its end, ties the ledger slot to the run, and counts it unless the job left meanwhile. */
  private async runJob(job: Job, slotId: number | null): Promise<void> {
    this.running.add(job.id);
    try {
      const outcome = await this.d.run(job);
      if (slotId !== null) setSlotRun(this.d.store, slotId, outcome.runId);
      // A job removed from the clock while it ran is not counted (I-23).
      if (this.get(job.id)) await this.d.count(job, outcome);
    } catch (e) {
      this.d.log(`job ${job.id}: run failed: ${message(e)}`);
    } finally {
      this.running.delete(job.id);
    }
  }

  /** A chat job gets its mark the first time it is seen; an orphan's mark is detached from its timing. */
  private seen(job: Job): void {
    if (job.enabled) ensureMark(this.d.store, job, this.now());
    else detachMark(this.d.store, job.id);
  }

  private blocked(job: Job): Refused | null {
    if (job.enabled) return null;
    return refuse(409, job.origin === "chat" ? T.orphan(job.id) : T.disabledRow(job.id));
  }

  private now = (): Date => this.d.clock?.now() ?? new Date();

  private viewContext() {
    const telling = this.d.telling ?? (() => false);
    return { store: this.d.store, crew: this.d.crew(), timeZone: this.d.timezone(), now: this.now(), telling };
  }
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));
