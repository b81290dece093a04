// The running crew: for each agent, what its turns need — routes, escalation, tools, limits, the
// system prompt and workspace — resolved once from settings, profiles (inherit.ts) and the environment.
// A broken member is kept aside with its error so the rest of the crew still runs. mode: work changes
// defaults, not rules (F-05): more steps, a higher cap, autonomy on, and delegate (F-06).
import { mkdirSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import { agentSchema, MASTER, type AgentProfile } from "../config/agent-schema.ts";
import { resolveProfile } from "../config/inherit.ts";
import { workspaceDir, type HomePaths } from "../config/home.ts";
import type { Settings } from "../config/settings.ts";
import type { ToolHooks } from "../agent/hooks.ts";
import { agentKit, kitSections, readCrewKits } from "../kits/crew-kits.ts";
import { kitToolHooks } from "../kits/hooks.ts";
import type { AgentKit } from "../kits/types.ts";
import { echoProvider } from "../llm/fake.ts";
import { resolveRoute } from "../llm/registry.ts";
import { agentMcpTools } from "../mcp/agent-tools.ts";
import type { McpCatalog } from "../mcp/servers.ts";
import type { Route } from "../llm/types.ts";
import { builtinTools, keyedTools } from "../tools/builtin.ts";
import type { Tool } from "../tools/define.ts";
import { delegateTool } from "../tools/delegate.ts";
import { withScriptTool } from "../tools/tool-script.ts";
import { runScript } from "../script/engine.ts";
import type { ShellConfinement } from "../tools/sandbox.ts";
import { readPersona, systemPrompt } from "./prompt.ts";
import type { AgentMemory } from "../memory/blocks.ts";
import { mainFile, MemoryFiles } from "../memory/files.ts";
import { delegateTargets } from "./roster.ts";
import { resolveChains } from "./route-chains.ts";

/** The persona's file name, in the agent's folder (the home itself for the master). */
export const PERSONA_FILE = "persona.md";

export type AgentRuntime = {
  id: string;
  name: string;
  description: string;
  mode: "chat" | "work";
  /** The route labels it was configured with, own or inherited (what GET /api/agents shows). */
  routeLabels: string[];
  routes: Route[];
  /** Why configured routes could not be used (missing key, unknown provider): shown, never fatal. */
  routeProblems: string[];
  escalation: Route | null;
  /** image_read and scanned PDF pages; empty when no vision route is configured. */
  visionRoutes: Route[];
  /** transcribe() (A-28, L-34); empty when no audio route is configured. */
  audioRoutes: Route[];
  tools: Tool[];
  /** Why servers named in its `mcp:` list give it no tools (not configured): shown, never fatal. */
  mcpProblems: string[];
  /** agent.yaml `script_calls`: `gated` lets its scripts call writing tools through the gate (H-34). */
  scriptCalls: "off" | "gated";
  /** The ids it may delegate to (roster.ts); empty when it does not delegate. */
  delegates: string[];
  workspace: string;
  /** `persona.md` in the agent's folder (the home for the master), read on every turn (F-03). */
  personaFile: string;
  /** How its shell commands are confined (issue 9): what they must not see, and the network rule. */
  shell: ShellConfinement;
  autonomous: boolean;
  maxSteps: number;
  costCapUsd: number;
  approvalTtlSeconds: number;
  toolOutputChars: number;
  /** Past this share of its first route's context window, the oldest turns are compacted (issue 20). */
  compactAtPercent: number;
  browser: boolean;
  computer: boolean;
  /** Kits and skills (src/kits): slash commands, hooks, skills, a kit member's persona (F-17…F-20). */
  kit: AgentKit;
  /** Its memory files, for the system prompt and the per-turn blocks (src/memory/blocks.ts). */
  memory: AgentMemory;
  /** The kit hooks around its tool calls in one conversation; undefined when it has none. */
  hooks(conversationId: string | null, log?: (line: string) => void): ToolHooks | undefined;
  /** Built per turn: the persona is read fresh, `skills` are the toggles on, `tail` the channel's closing
   * sections (L-45), and the date line at the end changes once a day (G-07). */
  system(now?: Date, skills?: readonly string[], tail?: readonly string[]): string;
};

export type Crew = {
  agents: Map<string, AgentRuntime>;
  /** Members left out because their agent.yaml did not validate: id → the one-line error. */
  broken: Map<string, string>;
  /** The profiles the crew was built from, as loaded (the agent editor and a rebuild start from them). */
  profiles: Map<string, AgentProfile>;
  /** The home's memory files (G-01) and the owner's time zone their dated notes follow. */
  memory: MemoryFiles;
  timezone: string;
  get(id: string): AgentRuntime | undefined;
};

export function buildCrew(
  settings: Settings,
  profiles: Map<string, AgentProfile>,
  paths: HomePaths,
  env: Record<string, string | undefined>,
  bwrap: string | null = null,
  broken: Map<string, string> = new Map(),
  mcp?: McpCatalog,
): Crew {
  const agents = new Map<string, AgentRuntime>();
  const extra = { fake: echoProvider() };
  const workspaces = new Map([...profiles].map(([id, p]) => [id, workspaceOf(p, paths)]));
  const master = profiles.get(MASTER) ?? agentSchema.parse({});
  const ids = [...profiles.keys()];
  const resolved = new Map([...profiles].map(([id, p]) => [id, resolveProfile(id, p, master, settings)]));
  const kits = readCrewKits(paths.root, [...workspaces.values()]);
  const files = new MemoryFiles(paths.root);
  for (const [id, p] of profiles) {
    const r = resolved.get(id)!;
    const chains = resolveChains(r, env, extra, settings.context_windows);
    const esc = r.escalationRoute ? resolveRoute(r.escalationRoute, env, extra) : null;
    const allowed = p.tools ? new Set(p.tools) : null;
    const delegates = delegateTargets(id, p, ids);
    const roster = delegates.map((d) => ({ id: d, ...pick(resolved.get(d)!) }));
    const personaFile = id === MASTER ? join(paths.root, PERSONA_FILE) : join(paths.agents, id, PERSONA_FILE);
    const parts = { name: r.name, description: r.description, roster, timezone: settings.timezone };
    const kit = agentKit(kits, id, p);
    const shell = confinement(id, p, paths, workspaces, bwrap);
    const mcpTools = agentMcpTools(p.mcp, mcp);
    const memory = { files, agentId: id, timezone: settings.timezone };
    agents.set(id, {
      id,
      name: r.name,
      description: r.description,
      mode: r.mode,
      routeLabels: r.routes,
      routes: chains.routes,
      routeProblems: chains.problems,
      escalation: esc?.ok ? esc.route : null,
      visionRoutes: chains.vision,
      audioRoutes: chains.audio,
      tools: withScriptTool({
        tools: [
          ...[...builtinTools(), ...keyedTools(env)].filter((t) => !allowed || allowed.has(t.name)),
          ...(delegates.length > 0 ? [delegateTool(roster)] : []),
          ...mcpTools.tools,
        ],
        gated: p.script_calls === "gated", run: runScript,
      }),
      mcpProblems: mcpTools.problems,
      scriptCalls: p.script_calls,
      delegates,
      workspace: workspaces.get(id)!,
      personaFile,
      shell,
      autonomous: r.autonomous,
      maxSteps: r.maxSteps,
      costCapUsd: r.costCapUsd,
      approvalTtlSeconds: r.approvalTtlSeconds,
      toolOutputChars: settings.tool_output_chars,
      compactAtPercent: settings.compact_at_percent,
      browser: r.browser,
      computer: r.computer,
      kit,
      memory,
      hooks: (conversationId, log) =>
        kitToolHooks(kit.hooks, { workspace: workspaces.get(id)!, shell, conversationId, log }),
      system: (now = new Date(), skills = [], tail = []) => systemPrompt({
        ...parts, persona: readPersona(personaFile), sections: [...kitSections(kit, skills), ...tail],
        ownerFacts: files.readSync(mainFile("user", id)), memory: files.readSync(mainFile("agent", id)),
      }, now),
    });
  }
  return { agents, broken, profiles, memory: files, timezone: settings.timezone, get: (id) => agents.get(id) };
}

function workspaceOf(p: AgentProfile, paths: HomePaths): string {
  const dir = workspaceDir(paths.root, p.workspace);
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

function pick(r: { name: string; description: string }) {
  return { name: r.name, description: r.description };
}
