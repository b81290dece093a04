// A real runtime (crew, turn host, activity hub) on an in-memory store and a temp home, with fake:echo routes,
// for the scheduler's job tests; `job` builds a Job as the clock would hand it over.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Signal } from "../../../src/activity/hub.ts";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import type { RunJobDeps } from "../../../src/scheduler/run-job.ts";
import type { Job, JobChannel } from "../../../src/scheduler/types.ts";
import { openStore } from "../../../src/store/db.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";

/** Profiles by agent id (the master is `default`); `bwrap` confines commands as serve.ts would; `jobChannel`
 * receives prompt jobs' answers. */
export function jobHarness(
  profiles: Record<string, Record<string, unknown>> = {},
  bwrap: string | null = null,
  jobChannel?: () => JobChannel | null,
) {
  const store = openStore(":memory:");
  const root = mkdtempSync(join(tmpdir(), "mc-jobs-"));
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
  const settings = resolveSettings(configSchema.parse({}), env);
  const parsed = new Map(Object.entries({ default: {}, ...profiles }).map(([id, p]) => [id, agentSchema.parse(p)]));
  const logs: string[] = [];
  const log = (line: string) => void logs.push(line);
  const rt = buildRuntime({ settings, profiles: parsed, paths: homePaths(root), env, store, log, bwrap, jobChannel });
  const signals: Signal[] = [];
  rt.hub.listen((s) => void signals.push(s));
  const deps: RunJobDeps = { store, host: rt.host, crew: rt.crew, hub: rt.hub, log, jobChannel };
  return { store, rt, root, paths: homePaths(root), logs, signals, deps };
}

export function job(over: Partial<Job> = {}): Job {
  const agentId = over.agentId ?? "default";
  const scheduleId = over.scheduleId ?? "check";
  return {
    id: `${agentId}/${scheduleId}`,
    agentId,
    scheduleId,
    name: "Kiểm tra",
    origin: "profile",
    kind: "command",
    cron: null,
    every: "1h",
    enabled: true,
    body: "true",
    thenPrompt: null,
    approvalTtlSeconds: null,
    ...over,
  };
}
