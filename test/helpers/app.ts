// The real Hono app with the real runtime (crew, turn host, activity hub) on an in-memory store and
// a temp home, for HTTP tests through app.request() (no socket). Routes default to fake:echo.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { homePaths } from "../../src/config/home.ts";
import { loadConfig } from "../../src/config/load.ts";
import { resolveSettings } from "../../src/config/settings.ts";
import type { Clock } from "../../src/scheduler/types.ts";
import { createApp } from "../../src/server/app.ts";
import { loadAssets } from "../../src/server/assets.ts";
import { openStore } from "../../src/store/db.ts";
import { buildRuntime } from "../../src/turns/runtime.ts";

export const HOST = "127.0.0.1:8420";

/** `store`: an on-disk store for tests that need a second connection or a restart; default in memory. */
/** `clock`: the scheduler's, for tests that move time by hand. */
export async function testApp(allowedHosts: string[] = [], env: Record<string, string> = {}, store = openStore(":memory:"), clock?: Clock) {
  const assets = await loadAssets();
  const logs: string[] = [];
  const log = (l: string) => logs.push(l);
  const root = mkdtempSync(join(tmpdir(), "mc-app-"));
  const fullEnv: Record<string, string | undefined> = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "Asia/Ho_Chi_Minh", MY_AGENT_ALLOWED_HOSTS: allowedHosts.join(","), ...env };
  const config = loadConfig(join(root, "config.yaml"));
  const settings = resolveSettings(config, fullEnv);
  const profiles = new Map([["default", agentSchema.parse({})]]);
  const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env: fullEnv, store, log, resolveSettings: () => resolveSettings(config, fullEnv), clock });
  const crewDeps = { crew: rt.crew, rebuildCrew: () => rt.rebuild(), reloadCrew: rt.reload, paths: homePaths(root) };
  const app = createApp({ settings, store, assets, log, host: rt.host, hub: rt.hub, jobs: rt.scheduler, ...crewDeps, envFile: join(root, "env"), env: fullEnv });
  /** A request as a browser on the same machine would send it (Host header included). */
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("host")) headers.set("host", HOST);
    return app.request(path, { ...init, headers });
  };
  const json = (path: string, method: string, body: unknown) =>
    request(path, { method, body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } });
  return { app, store, assets, logs, request, json, runtime: rt, root };
}
