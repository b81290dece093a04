// The real app with the real Scheduler (issue 13) for the Jobs page's HTTP and browser tests: a master
// whose agent.yaml holds the given schedules, a hand-moved clock shared by the scheduler and the page's
// "today", and job runs that are recorded like real ones (a run row with the job's id, hub signals at
// start and end) without a model behind them.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { homePaths } from "../../src/config/home.ts";
import { Scheduler } from "../../src/scheduler/clock.ts";
import type { Job, JobOutcome } from "../../src/scheduler/types.ts";
import { createApp } from "../../src/server/app.ts";
import { createRun, setRunStatus } from "../../src/store/runs.ts";
import type { Store } from "../../src/store/db.ts";
import { HOST, testApp } from "./app.ts";

export const TZ = "Asia/Ho_Chi_Minh";

export class HandClock {
  constructor(private t: Date) {}
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string): void {
    this.t = new Date(iso);
  }
}

/**
 * The server first boots at `at` (new rows get their mark then; `before` may add chat schedules first),
 * is down until `restartAt`, then boots again: the app serves that second scheduler, which recorded
 * the slots in between as missed. The tests tick it by hand (its 20 s timer is stopped).
 */
export async function jobsApp(opts: { masterYaml: string; at: string; restartAt?: string; before?: (s: Store) => void }) {
  // The runtime's own scheduler follows the reload below: it reads the same hand-moved clock.
  const clock = new HandClock(new Date(opts.at));
  const t = await testApp([], {}, undefined, clock);
  writeFileSync(join(t.root, "agent.yaml"), opts.masterYaml);
  const reloaded = t.runtime.reload();
  if (!reloaded.ok) throw new Error(reloaded.error);
  const hub = t.runtime.hub;
  /** How the next job runs end; a test sets it to "error" for a failing job. */
  const ends: { status: "done" | "error" } = { status: "done" };
  const run = async (job: Job): Promise<JobOutcome> => {
    const status = ends.status;
    const r = createRun(t.store, { agentId: job.agentId, source: `job:${job.id}`, jobId: job.id });
    hub.run({ id: r.id, status: "running", conversation_id: null });
    setRunStatus(t.store, r.id, status);
    hub.run({ id: r.id, status, conversation_id: null });
    return { runId: r.id, status, conversationId: null, reason: status === "error" ? "exit 1" : null };
  };
  /** A scheduler over the app's store and crew; a second one after moving the clock is a restart. */
  const scheduler = () => new Scheduler({
    store: t.store, crew: t.runtime.crew, hub, log: (l) => void t.logs.push(l), timezone: () => TZ, clock, run,
    count: async () => {},
  });
  opts.before?.(t.store);
  const first = scheduler();
  first.start();
  first.stop();
  if (opts.restartAt) clock.set(opts.restartAt);
  const sched = scheduler();
  sched.start();
  sched.stop();
  const app = createApp({
    settings: { allowedHosts: [], timezone: TZ }, store: t.store, assets: t.assets, host: t.runtime.host, hub,
    crew: t.runtime.crew, reloadCrew: t.runtime.reload, paths: homePaths(t.root), log: (l) => void t.logs.push(l),
    clock: () => clock.now().getTime(), jobs: sched,
  });
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("host")) headers.set("host", HOST);
    return app.request(path, { ...init, headers });
  };
  const form = (path: string, fields: Record<string, string>) =>
    request(path, { method: "POST", body: new URLSearchParams(fields), headers: { "hx-request": "true" } });
  return { ...t, app, clock, sched, scheduler, request, form, ends };
}
