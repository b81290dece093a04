// Deps for Connections tests, assembled the way test/helpers/app.ts does (real crew, real hub, a temp
// home) with the env file inside the temp home. Its rebuild re-reads MY_AGENT_ROUTES from the env,
// as the server's must for a saved route to take effect.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema, type AgentProfile } from "../../../src/config/agent-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { loadConfig } from "../../../src/config/load.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { loadAssets } from "../../../src/server/assets.ts";
import type { AppDeps } from "../../../src/server/deps.ts";
import { openStore } from "../../../src/store/db.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";

export async function connectionsFixture(env: Record<string, string> = {}, agents: Record<string, object> = { default: {} }) {
  const root = mkdtempSync(join(tmpdir(), "mc-conn-"));
  const fullEnv: Record<string, string | undefined> = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh", ...env };
  const config = loadConfig(join(root, "config.yaml"));
  const settings = resolveSettings(config, fullEnv);
  const profiles = new Map<string, AgentProfile>(Object.entries(agents).map(([id, p]) => [id, agentSchema.parse(p)]));
  const store = openStore(":memory:");
  const logs: string[] = [];
  const log = (l: string) => logs.push(l);
  const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env: fullEnv, store, log });
  const jobs = { count: 0 };
  const hubJobs = rt.hub.jobs.bind(rt.hub);
  rt.hub.jobs = () => {
    jobs.count++;
    hubJobs();
  };
  const rebuildCrew = () => {
    // The runtime holds this settings object: refreshing it in place makes the rebuild see new routes.
    Object.assign(settings, resolveSettings(config, fullEnv));
    rt.rebuild(profiles);
  };
  const deps: AppDeps = { settings, store, assets: await loadAssets(), log, host: rt.host, hub: rt.hub, crew: rt.crew, rebuildCrew, envFile: join(root, "env"), env: fullEnv };
  return { deps, root, env: fullEnv, envFile: join(root, "env"), logs, jobs };
}
