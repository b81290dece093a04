// What Manage → Tools reads (M-49): each agent's tools as its turns hold them (tool_search included when
// one is deferred), where each comes from, and its approval rule read from the tool's own flags.
import { withToolSearch } from "../agent/deferred.ts";
import type { ToolRow, ToolRule, ToolsAgent, ToolsPage } from "../models/tools.ts";
import { SEARCH_KEY } from "../tools/brave-search.ts";
import { keyedTools } from "../tools/builtin.ts";
import type { Tool } from "../tools/define.ts";
import { scheduleCreate } from "../tools/schedule-create.ts";
import { MASTER, type AppDeps } from "./deps.ts";

/** Tools whose forced ask fires on every call (D-14); other forced asks fire on some arguments only. */
const ALWAYS_ASKS = new Set([scheduleCreate.name]);
/** The tools that exist only while a key is set, with that key (built here only to read their names). */
const KEYED = new Map(keyedTools({ [SEARCH_KEY]: "unset" }).map((t) => [t.name, { tool: t, key: SEARCH_KEY }]));

export function toolsPage(d: AppDeps): ToolsPage {
  const crew = d.crew();
  const ids = [...new Set([...crew.profiles.keys(), ...crew.broken.keys()])];
  ids.sort((a, b) => (a === MASTER ? -1 : b === MASTER ? 1 : a.localeCompare(b)));
  return { agents: ids.map((id) => agentTools(d, id)) };
}

function agentTools(d: AppDeps, id: string): ToolsAgent {
  const crew = d.crew();
  const agent = crew.get(id);
  const profile = crew.profiles.get(id);
  const allowList = profile?.tools ?? null;
  const held = agent ? withToolSearch(agent.tools) : [];
  const names = new Set(held.map((t) => t.name));
  // A keyed tool the allow-list permits but whose key is not set: shown, so the owner knows what is missing.
  const missing = agent
    ? [...KEYED.values()].filter((k) => !names.has(k.tool.name) && (!allowList || allowList.includes(k.tool.name)))
    : [];
  return {
    id,
    master: id === MASTER,
    name: agent?.name ?? id,
    allowList,
    mcp: profile?.mcp ?? null,
    scriptCalls: profile?.script_calls ?? "off",
    autonomous: agent?.autonomous ?? false,
    tools: [...held.map((t) => row(t, true)), ...missing.map((k) => row(k.tool, false))],
    broken: crew.broken.get(id) ?? null,
  };
}

function row(t: Tool, available: boolean): ToolRow {
  const mcp = t.origin?.kind === "mcp" ? t.origin : null;
  const keyed = KEYED.get(t.name);
  return {
    name: t.name,
    source: mcp ? "mcp" : keyed ? "keyed" : "builtin",
    from: mcp?.server ?? keyed?.key ?? null,
    deferred: !!t.deferred,
    rule: rule(t, !!mcp),
    refuses: !!t.refuse,
    readOnlyHint: !!mcp?.readOnlyHint,
    available,
    description: t.description.split("\n", 1)[0]!,
  };
}

function rule(t: Tool, mcp: boolean): ToolRule {
  if (t.question) return "question";
  if (ALWAYS_ASKS.has(t.name)) return "always";
  if (t.askReason) return "sometimes";
  if (t.requiresApproval) return "asks";
  return mcp ? "readOnly" : "never";
}
