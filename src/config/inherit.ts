// What an agent runs with: its own agent.yaml, then the master's profile, then config.yaml and the
// environment (F-01, F-02). Keys that say how much (routes, limits, waiting time) inherit; keys that
// describe a role or grant power never do: tools, mcp, delegates, autonomy, scripts, browser, computer.
import { MASTER, type AgentProfile } from "./agent-schema.ts";
import type { Settings } from "./settings.ts";

/** What `mode: work` raises the defaults to (F-05, decisions.md): a default, never a lower value. */
export const WORK_DEFAULTS = { maxSteps: 100, costCapUsd: 10 } as const;

export type ResolvedProfile = {
  name: string;
  description: string;
  mode: "chat" | "work";
  routes: string[];
  escalationRoute: string | null;
  /** Chains for non-chat modalities; empty = that modality is not configured. */
  visionRoutes: string[];
  audioRoutes: string[];
  autonomous: boolean;
  maxSteps: number;
  costCapUsd: number;
  approvalTtlSeconds: number;
  /** Only ever from the agent's own file (F-25): the master's switches are not a member's. */
  browser: boolean;
  computer: boolean;
};

export function resolveProfile(
  id: string,
  own: AgentProfile,
  master: AgentProfile,
  settings: Settings,
): ResolvedProfile {
  // The master's own profile is the top-level configuration (F-02); for the master itself it is `own`.
  const up = id === MASTER ? undefined : master;
  const work = own.mode === "work";
  const steps = own.max_steps ?? up?.max_steps ?? settings.max_steps;
  const cap = own.cost_cap_usd ?? up?.cost_cap_usd ?? settings.cost_cap_usd;
  return {
    name: own.name ?? (id === MASTER ? "my-crew" : id),
    description: own.description?.trim() ?? "",
    mode: own.mode,
    routes: own.routes ?? up?.routes ?? settings.routes,
    escalationRoute: own.escalation_route ?? up?.escalation_route ?? null,
    visionRoutes: own.vision_routes ?? up?.vision_routes ?? settings.vision_routes ?? [],
    audioRoutes: own.audio_routes ?? up?.audio_routes ?? settings.audio_routes ?? [],
    autonomous: own.autonomous ?? work,
    maxSteps: own.max_steps ?? (work ? Math.max(WORK_DEFAULTS.maxSteps, steps) : steps),
    // 0 means no cap: raising it to the work default would add a cap nobody asked for.
    costCapUsd: own.cost_cap_usd ?? (work && cap > 0 ? Math.max(WORK_DEFAULTS.costCapUsd, cap) : cap),
    approvalTtlSeconds: own.approval_ttl_seconds ?? up?.approval_ttl_seconds ?? settings.approval_ttl_seconds,
    browser: own.browser,
    computer: own.computer,
  };
}
