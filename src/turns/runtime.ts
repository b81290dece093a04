// The server's live parts built from settings and profiles: the crew, the activity hub and the turn
// host. serve.ts and the HTTP tests build them the same way.
import { ActivityHub } from "../activity/hub.ts";
import type { AgentProfile } from "../config/agent-schema.ts";
import type { HomePaths } from "../config/home.ts";
import type { Settings } from "../config/settings.ts";
import type { Store } from "../store/db.ts";
import { buildCrew, type Crew } from "./crew.ts";
import { TurnHost } from "./host.ts";

export type Runtime = { crew: () => Crew; hub: ActivityHub; host: TurnHost; rebuild(profiles: Map<string, AgentProfile>): void };

export function buildRuntime(o: {
  settings: Settings;
  profiles: Map<string, AgentProfile>;
  paths: HomePaths;
  env: Record<string, string | undefined>;
  store: Store;
  log: (line: string) => void;
  /** bwrap's path when the shell sandbox works here (sandbox.ts); absent = commands run directly. */
  bwrap?: string | null;
  /** Re-reads settings from the environment (a save in Connections changes MY_AGENT_ROUTES). */
  resolveSettings?: () => Settings;
}): Runtime {
  let crew = buildCrew(o.settings, o.profiles, o.paths, o.env, o.bwrap ?? null);
  const hub = new ActivityHub();
  const host = new TurnHost({ store: o.store, crew: () => crew, hub, log: o.log });
  return {
    crew: () => crew,
    hub,
    host,
    rebuild(profiles) {
      // The settings object is shared with the server; refresh it in place so every reader sees it.
      if (o.resolveSettings) Object.assign(o.settings, o.resolveSettings());
      crew = buildCrew(o.settings, profiles, o.paths, o.env, o.bwrap ?? null);
    },
  };
}
