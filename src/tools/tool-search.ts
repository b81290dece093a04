// tool_search (H-25): a BM25 search over every tool the agent holds, deferred ones included, by name,
// description and parameter names, with no network. Its answer's first line names the deferred tools it
// loaded; the loop reads that line back from the stored results to declare them (src/agent/deferred.ts).
import { z } from "zod";
import { bm25, words } from "./bm25.ts";
import { defineTool, toolSpec, type Tool } from "./define.ts";

export const TOOL_SEARCH = "tool_search";
export const SEARCH_DEFAULT = 5;
export const SEARCH_MAX = 20;
const LOADED = `${TOOL_SEARCH} loaded: `;
const DESCRIPTION_CHARS = 160;

/** The machine-readable first line of an answer that loaded `names`. */
export function loadedLine(names: string[]): string {
  return `${LOADED}${names.join(", ")}`;
}

/** The names a stored tool_search answer loaded, in its order; [] for any other text. */
export function loadedNames(output: string): string[] {
  const first = output.split("\n", 1)[0]!;
  if (!first.startsWith(LOADED)) return [];
  return first.slice(LOADED.length).split(",").map((n) => n.trim()).filter((n) => n.length > 0);
}

/** Whether a call of `tool` waits for the owner (in the words the model reads). */
export function asksFirst(tool: Tool): boolean {
  return tool.requiresApproval || !!tool.askReason;
}

/** The held tools ranked for `query`, best first; only those that share a word with it. */
export function rankTools(tools: Tool[], query: string, limit: number): Tool[] {
  const documents = tools.map(searchWords);
  const scores = bm25(documents, words(query));
  return tools
    .map((tool, i) => ({ tool, score: scores[i]!, i }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((m) => m.tool);
}

/** Name words count twice: a query naming the tool should find it before one only mentioning it. */
function searchWords(tool: Tool): string[] {
  const name = words(tool.name);
  const props = toolSpec(tool).parameters.properties as Record<string, unknown> | undefined;
  return [...name, ...name, ...words(tool.description), ...Object.keys(props ?? {}).flatMap(words)];
}

function oneLine(text: string): string {
  const line = text.split("\n", 1)[0]!.trim();
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1)}…` : line;
}

const params = z.object({
  query: z.string().trim().min(1).max(200)
    .describe("What you need, in a few words (for example \"calendar events\" or \"create invoice\")."),
  limit: z.number().int().min(1).max(SEARCH_MAX).optional()
    .describe(`How many tools to return at most (default ${SEARCH_DEFAULT}).`),
});

/** The tool over `held`: the agent's tools other than tool_search itself. */
export function toolSearchTool(held: Tool[]): Tool {
  const pool = held.filter((t) => t.name !== TOOL_SEARCH);
  return defineTool({
    name: TOOL_SEARCH,
    description: "Find tools you hold but that are not declared yet (for example those of a connected service) by " +
      "what they do. Tools it finds can be called from your next step.",
    params,
    requiresApproval: false,
    replaySafe: true,
    summarize: (args) => args.query,
    async execute(args) {
      const found = rankTools(pool, args.query, args.limit ?? SEARCH_DEFAULT);
      if (found.length === 0) return `No tool matches "${args.query}". Try other words, or fewer.`;
      const loaded = found.filter((t) => t.deferred).map((t) => t.name);
      const lines = found.map((t) => {
        const state = t.deferred ? "loaded: call it from your next step" : "already declared";
        const asks = asksFirst(t) ? "asks the owner before it runs" : "runs without asking";
        return `- ${t.name}: ${oneLine(t.description)} (${state}; ${asks})`;
      });
      return [loadedLine(loaded), `Tools matching "${args.query}", best first:`, ...lines].join("\n");
    },
  });
}
