// Deferred tools (H-24…H-26): a deferred tool is not declared to the model until a tool_search answer
// stored in the conversation loads it, so what is loaded survives a restart. Loaded tools are declared
// after the others, in load order: each call's declared list starts with the previous call's (the cache).
import { z } from "zod";
import type { ChatMessage, ToolSpec } from "../llm/types.ts";
import { defineTool, toolSpec, type Tool } from "../tools/define.ts";
import { loadedNames, TOOL_SEARCH, toolSearchTool } from "../tools/tool-search.ts";

// One tool_search per held list (a crew build's), so its declaration is built once, not on every turn.
const searchable = new WeakMap<Tool[], Tool[]>();

/** The agent's tools plus tool_search when at least one of them is deferred; shared, never to be mutated. */
export function withToolSearch(tools: Tool[]): Tool[] {
  if (!tools.some((t) => t.deferred) || tools.some((t) => t.name === TOOL_SEARCH)) return tools;
  let all = searchable.get(tools);
  if (!all) {
    all = [...tools, toolSearchTool(tools)];
    searchable.set(tools, all);
  }
  return all;
}

/** The deferred names the stored tool_search answers loaded, first load first. */
export function loadedTools(history: readonly ChatMessage[]): string[] {
  const names = new Set<string>();
  // A plain loop: this runs over the whole history before every model call.
  for (const m of history) {
    if (m.role === "tool" && m.name === TOOL_SEARCH) for (const n of loadedNames(m.content)) names.add(n);
  }
  return [...names];
}

export type Deferral = {
  /** What calls resolve against: a deferred tool not loaded stands in as one answering how to load it. */
  tools: Map<string, Tool>;
  /** The declared list for the next model call over `history`; `tools` then matches it. */
  declare(history: readonly ChatMessage[]): ToolSpec[];
};

/** `history`: the conversation as the turn opens, whose open calls are settled against `tools`. */
export function deferral(agentTools: Tool[], history: readonly ChatMessage[]): Deferral {
  const all = withToolSearch(agentTools);
  const deferred = new Map(all.filter((t) => t.deferred).map((t) => [t.name, t]));
  const upfront = all.filter((t) => !t.deferred);
  const tools = new Map<string, Tool>();
  const load = (h: readonly ChatMessage[]) => {
    const loaded = loadedTools(h).flatMap((n) => (deferred.has(n) ? [deferred.get(n)!] : []));
    const ready = new Set(loaded.map((t) => t.name));
    for (const t of all) tools.set(t.name, t.deferred && !ready.has(t.name) ? notLoaded(t) : t);
    return loaded;
  };
  load(history);
  return { tools, declare: (h) => [...upfront, ...load(h)].map(toolSpec) };
}

/** Stands in for a deferred tool the model calls before loading it: the call ends in an error telling how. */
function notLoaded(tool: Tool): Tool {
  return defineTool({
    name: tool.name,
    description: tool.description,
    params: z.unknown(),
    requiresApproval: false,
    replaySafe: true,
    async execute() {
      throw new Error(`${tool.name} is not loaded yet: call ${TOOL_SEARCH} with words from what it does, ` +
        `then call ${tool.name} in your next step.`);
    },
  });
}
