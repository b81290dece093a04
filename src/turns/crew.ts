// The running crew: for each agent, what its turns need — routes, escalation, tools, limits, the
// system prompt and workspace — resolved once from settings, profiles and the environment.
// mode: work changes defaults, not rules (F-05): more steps, a higher cap, autonomy on.
import { mkdirSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { AgentProfile } from "../config/agent-schema.ts";
import type { HomePaths } from "../config/home.ts";
import type { Settings } from "../config/settings.ts";
import type { ToolHooks } from "../agent/hooks.ts";
import { agentKit, kitSections, readCrewKits } from "../kits/crew-kits.ts";
import { kitToolHooks } from "../kits/hooks.ts";
import type { AgentKit } from "../kits/types.ts";
import { echoProvider } from "../llm/fake.ts";
import { resolveRoute } from "../llm/registry.ts";
import type { Route } from "../llm/types.ts";
import { builtinTools } from "../tools/builtin.ts";
import type { Tool } from "../tools/define.ts";
import type { ShellConfinement } from "../tools/sandbox.ts";

export type AgentRuntime = {
  id: string;
  name: string;
  routes: Route[];
  /** Why configured routes could not be used (missing key, unknown provider): shown, never fatal. */
  routeProblems: string[];
  escalation: Route | null;
  tools: Tool[];
  workspace: string;
  /** How its shell commands are confined (issue 9): what they must not see, and the network rule. */
  shell: ShellConfinement;
  autonomous: boolean;
  maxSteps: number;
  costCapUsd: number;
  approvalTtlSeconds: number;
  toolOutputChars: number;
  /** Kits and skills (src/kits): slash commands, hooks, skills, a kit member's persona (F-17…F-20). */
  kit: AgentKit;
  /** The kit hooks around its tool calls in one conversation; undefined when it has none. */
  hooks(conversationId: string | null, log?: (line: string) => void): ToolHooks | undefined;
  /** Built per turn: the date line at the end changes once a day (G-07); `skills`: the toggles on. */
  system(now?: Date, skills?: readonly string[]): string;
};

export type Crew = { agents: Map<string, AgentRuntime>; get(id: string): AgentRuntime | undefined };

export function buildCrew(
  settings: Settings,
  profiles: Map<string, AgentProfile>,
  paths: HomePaths,
  env: Record<string, string | undefined>,
  bwrap: string | null = null,
): Crew {
  const agents = new Map<string, AgentRuntime>();
  const extra = { fake: echoProvider() };
  const workspaces = new Map([...profiles].map(([id, p]) => [id, workspaceOf(p, paths)]));
  const kits = readCrewKits(paths.root, [...workspaces.values()]);
  for (const [id, p] of profiles) {
    const problems: string[] = [];
    const routes = (p.routes ?? settings.routes).flatMap((label) => {
      const r = resolveRoute(label, env, extra);
      if (!r.ok) problems.push(r.error);
      return r.ok ? [r.route] : [];
    });
    const esc = p.escalation_route ? resolveRoute(p.escalation_route, env, extra) : null;
    const work = p.mode === "work";
    const allowed = p.tools ? new Set(p.tools) : null;
    const name = p.name ?? (id === "default" ? "my-crew" : id);
    const kit = agentKit(kits, id, p);
    const shell = confinement(id, p, paths, workspaces, bwrap);
    agents.set(id, {
      id,
      name,
      routes,
      routeProblems: problems,
      escalation: esc?.ok ? esc.route : null,
      tools: builtinTools().filter((t) => !allowed || allowed.has(t.name)),
      workspace: workspaces.get(id)!,
      shell,
      autonomous: p.autonomous ?? work,
      maxSteps: p.max_steps ?? (work ? 100 : settings.max_steps),
      costCapUsd: p.cost_cap_usd ?? (work ? 10 : settings.cost_cap_usd),
      approvalTtlSeconds: p.approval_ttl_seconds ?? settings.approval_ttl_seconds,
      toolOutputChars: settings.tool_output_chars,
      kit,
      hooks: (conversationId, log) => kitToolHooks(kit.hooks, { workspace: workspaces.get(id)!, shell, conversationId, log }),
      system: (now = new Date(), skills = []) =>
        systemPrompt(name, p, settings.timezone, now, kitSections(kit, skills)),
    });
  }
  return { agents, get: (id) => agents.get(id) };
}

function workspaceOf(p: AgentProfile, paths: HomePaths): string {
  const dir = p.workspace ? (isAbsolute(p.workspace) ? p.workspace : join(paths.root, p.workspace)) : paths.workspace;
  mkdirSync(dir, { recursive: true });
  return realpathSync(dir);
}

/** An agent's commands see neither the home nor another agent's workspace (one they share stays visible). */
function confinement(
  id: string,
  p: AgentProfile,
  paths: HomePaths,
  workspaces: Map<string, string>,
  bwrap: string | null,
): ShellConfinement {
  const own = workspaces.get(id)!;
  const others = [...workspaces.values()].filter((w) => w !== own);
  const home = realpathSync(paths.root);
  const files = [paths.env, paths.database, `${paths.database}-wal`, `${paths.database}-shm`];
  return {
    bwrap,
    hiddenDirs: [...new Set([home, join(home, "agents"), ...others])],
    hiddenFiles: files.map((f) => join(home, relative(paths.root, f))),
    network: p.sandbox?.network ?? true,
  };
}

function systemPrompt(name: string, p: AgentProfile, timezone: string, now: Date, sections: string[]): string {
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(now);
  return [
    `You are ${name}, a personal agent of my-crew running on the owner's own server.${p.description ? ` ${p.description}` : ""}`,
    "Answer in the language the owner writes in. Use tools when they help; state-changing tools may wait for the owner's approval.",
    "Files live in your workspace; paths are relative to it.",
    ...sections, // KITS: a kit member's persona + skills in force (src/kits/crew-kits.ts kitSections); lead moves this.
    // The date line stays last so the rest of the prompt is identical from turn to turn (G-07).
    `Today is ${date} (${timezone}).`,
  ].join("\n\n");
}
