// What GET /api/agents shows of the crew (F-24's data): every agent, master first then members by id,
// with its mode, routes, whether it is running now, its schedules and Telegram; broken members with
// their error; and the bundled templates with whether each is installed.
import { MASTER } from "../config/agent-schema.ts";
import type { Store } from "../store/db.ts";
import { runningAgentIds } from "../store/runs.ts";
import { listSchedules } from "../store/schedules.ts";
import { templates } from "../templates/catalogue.ts";
import type { AgentRuntime, Crew } from "../turns/crew.ts";

export type ScheduleJson = {
  id: string;
  name: string | null;
  enabled: boolean;
  cron: string | null;
  every: string | null;
  origin: "profile" | "chat";
};

export function agentsJson(crew: Crew, store: Store) {
  const live = runningAgentIds(store);
  const ids = [...new Set([...crew.agents.keys(), ...crew.broken.keys()])];
  const ordered = [MASTER, ...ids.filter((id) => id !== MASTER).sort()].filter((id) => ids.includes(id));
  return {
    agents: ordered.map((id) => {
      const a = crew.get(id);
      return a ? agentJson(a, crew, store, live.has(id)) : { id, master: false, broken: crew.broken.get(id)! };
    }),
    templates: templates().map((t) => ({
      id: t.id,
      name: t.profile.name ?? t.id,
      description: t.profile.description ?? "",
      mode: t.profile.mode,
      delegates: t.profile.delegates ?? [],
      installed: crew.agents.has(t.id) || crew.broken.has(t.id),
    })),
  };
}

export function agentJson(a: AgentRuntime, crew: Crew, store: Store, live: boolean) {
  const profile = crew.profiles.get(a.id);
  const own: ScheduleJson[] = (profile?.schedules ?? []).map((s) => ({
    id: s.id, name: s.name ?? null, enabled: s.enabled, cron: s.cron ?? null, every: s.every ?? null, origin: "profile",
  }));
  const chat: ScheduleJson[] = listSchedules(store, a.id).map((s) => ({
    id: s.id, name: s.name, enabled: true, cron: s.cron, every: s.every, origin: "chat",
  }));
  return {
    id: a.id,
    master: a.id === MASTER,
    name: a.name,
    description: a.description,
    mode: a.mode,
    routes: a.routeLabels,
    route_problems: a.routeProblems,
    workspace: a.workspace,
    tools: a.tools.map((t) => t.name),
    delegates: a.delegates,
    autonomous: a.autonomous,
    max_steps: a.maxSteps,
    cost_cap_usd: a.costCapUsd,
    browser: a.browser,
    computer: a.computer,
    live,
    schedules: [...own, ...chat],
    telegram: a.id === MASTER && profile?.telegram !== undefined,
    broken: null,
  };
}
