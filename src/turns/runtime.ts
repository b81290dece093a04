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

export function buildRuntime(o: { settings: Settings; profiles: Map<string, AgentProfile>; paths: HomePaths; env: Record<string, string | undefined>; store: Store; log: (line: string) => void }): Runtime {
  let crew = buildCrew(o.settings, o.profiles, o.paths, o.env);
  const hub = new ActivityHub();
  const host = new TurnHost({ store: o.store, crew: () => crew, hub, log: o.log });
  return {
    crew: () => crew,
    hub,
    host,
    rebuild(profiles) {
      crew = buildCrew(o.settings, profiles, o.paths, o.env);
    },
  };
}
