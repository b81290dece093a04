// Would this save break the crew (O-11)? Every route that works now must still resolve in the new
// environment, and a new MY_AGENT_ROUTES must be well formed and resolve entirely. Routes that were
// already broken do not block unrelated saves: the page lists them as problems instead.
import { route as routeSchema } from "../config/shared.ts";
import { echoProvider } from "../llm/fake.ts";
import { knownProviders, resolveRoute } from "../llm/registry.ts";
import { T } from "../texts/vi.ts";
import type { Crew } from "../turns/crew.ts";
import type { EnvChanges } from "./env-store.ts";
import { splitList } from "./validate.ts";

type Env = Record<string, string | undefined>;

/** The sentence refusing the save, or null when every agent keeps working routes. */
export function crewBreak(crew: Crew, before: Env, after: Env, changes: EnvChanges): string | null {
  const routesChanged = "MY_AGENT_ROUTES" in changes;
  const oldGlobal = splitList(before.MY_AGENT_ROUTES);
  const newGlobal = splitList(after.MY_AGENT_ROUTES);
  if (routesChanged) {
    const malformed = newGlobal.find((label) => !routeSchema.safeParse(label).success);
    if (malformed) return T.conn.badRoute(malformed);
    for (const label of newGlobal) {
      const why = unresolved(label, after);
      if (why) return why;
    }
  }
  for (const agent of crew.agents.values()) {
    const labels = agent.routes.map((r) => r.label);
    // The crew keeps resolved routes, not where they came from: an agent whose working routes are
    // all in the old global list is taken to use the global list, which was checked above.
    if (routesChanged && labels.length > 0 && labels.every((l) => oldGlobal.includes(l))) {
      if (newGlobal.length === 0) return T.conn.noRouteLeft(agent.id);
      continue;
    }
    for (const label of labels) {
      const key = missingKey(label, after);
      if (key) return T.conn.breaksRoute(agent.id, label, key);
      const why = unresolved(label, after);
      if (why) return why;
    }
  }
  return null;
}

/** Why a route would not resolve in `env`, as a sentence naming the route and the variable. */
function unresolved(label: string, env: Env): string | null {
  const r = resolveRoute(label, env, { fake: echoProvider() });
  if (r.ok) return null;
  const key = missingKey(label, env);
  if (key) return T.conn.routeNeedsKey(label, key);
  const provider = label.slice(0, label.indexOf(":")).trim().toLowerCase();
  return T.conn.unknownProvider(label, provider, ["fake", ...knownProviders().map((p) => p.name)].join(", "));
}

/** The key env var a route's preset needs and `env` lacks, if that is what stops it. */
function missingKey(label: string, env: Env): string | null {
  const provider = label.slice(0, Math.max(0, label.indexOf(":"))).trim().toLowerCase();
  const preset = knownProviders().find((p) => p.name === provider);
  return preset?.keyEnv && !env[preset.keyEnv]?.trim() ? preset.keyEnv : null;
}
