// A Scheduler over a real store and a real crew, with a hand-moved clock and recording run/count functions
// whose runs end when the test says so.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { Scheduler } from "../../../src/scheduler/clock.ts";
import type { Job, JobOutcome } from "../../../src/scheduler/types.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { createRun, setRunStatus } from "../../../src/store/runs.ts";
import { buildCrew, type Crew } from "../../../src/turns/crew.ts";

export type Profiles = Record<string, Record<string, unknown>>;

export function crewOf(all: Profiles): Crew {
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const profiles = new Map(Object.entries(all).map(([id, p]) => [id, agentSchema.parse(p)]));
  const paths = homePaths(mkdtempSync(join(tmpdir(), "mc-sched-")));
  return buildCrew(resolveSettings(configSchema.parse({}), env), profiles, paths, env);
}

export class HandClock {
  constructor(private t: Date) {}
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string): void {
    this.t = new Date(iso);
  }
}

type Pending = { job: Job; finish: (status?: "done" | "error") => void };

/** Everything a test needs; `gate` true makes each run wait for `finish`. */
export function harness(opts: {
  profiles: Profiles;
  at: string;
  tz?: string;
  store?: Store;
  gate?: boolean;
  telling?: (jobId: string) => boolean;
}) {
  const store = opts.store ?? openStore(":memory:");
  const clock = new HandClock(new Date(opts.at));
  let crew = crewOf(opts.profiles);
  const ran: string[] = [];
  const counted: string[] = [];
  const pending: Pending[] = [];
  const logs: string[] = [];
  let jobsEvents = 0;
  const run = (job: Job): Promise<JobOutcome> => {
    ran.push(job.id);
    const r = createRun(store, { agentId: job.agentId, source: `job:${job.id}`, jobId: job.id });
    const end = (status: "done" | "error" = "done"): JobOutcome => {
      setRunStatus(store, r.id, status);
      return { runId: r.id, status, conversationId: null, reason: null };
    };
    if (!opts.gate) return Promise.resolve(end());
    return new Promise((resolve) => pending.push({ job, finish: (s) => resolve(end(s)) }));
  };
  const sched = new Scheduler({
    store,
    crew: () => crew,
    hub: { jobs: () => void jobsEvents++ },
    log: (l) => void logs.push(l),
    timezone: () => opts.tz ?? "Asia/Ho_Chi_Minh",
    clock,
    run,
    count: async (job) => void counted.push(job.id),
    telling: opts.telling,
  });
  return {
    store,
    clock,
    sched,
    ran,
    counted,
    pending,
    logs,
    jobsEvents: () => jobsEvents,
    /** Swaps the crew (an agent saved) and reloads the scheduler. */
    setCrew(all: Profiles): void {
      crew = crewOf(all);
      sched.reload();
    },
    /** The job's ledger as compact strings, oldest first: "HH:MM outcome[/reason]" in owner time. */
    slots(id: string): string[] {
      const view = sched.view(id);
      if (!view) throw new Error(`no job ${id}`);
      return view.slots.map((s) => `${s.due_at.slice(11)} ${s.outcome}${s.reason ? `/${s.reason}` : ""}`).reverse();
    },
  };
}

export function tempStorePath(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "mc-sched-store-"));
  return { path: join(dir, "crew.db"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Lets queued promise callbacks run (a run's end reaching the scheduler) without any timer. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
