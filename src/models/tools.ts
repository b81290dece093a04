// What Manage → Tools shows (M-49, H-02, H-24): every tool of every agent with where it comes from,
// whether it is declared up front or deferred, and its approval rule. Built by src/server/tools-data.ts.

/**
 * never: runs without asking. asks: asks unless autonomous or allowed "always". sometimes: asks, and some
 * calls always ask (shell's ask-list). always: every call asks, autonomy or not. question: asks the person a
 * question. readOnly: an MCP tool the owner listed in `read_only`, which does not ask.
 */
export type ToolRule = "never" | "asks" | "sometimes" | "always" | "question" | "readOnly";

export type ToolRow = {
  name: string;
  /** builtin: one of the crew's own tools; keyed: exists only while its key is set; mcp: from a server. */
  source: "builtin" | "keyed" | "mcp";
  /** The MCP server, or the key a keyed tool needs. */
  from: string | null;
  /** Held but not declared until tool_search loads it (H-24). */
  deferred: boolean;
  rule: ToolRule;
  /** It has a hard refusal no approval overrides (D-04). */
  refuses: boolean;
  /** What an MCP server says of its tool: shown, it decides nothing. */
  readOnlyHint: boolean;
  /** false: a keyed tool the agent would have if its key were set. */
  available: boolean;
  description: string;
};

export type ToolsAgent = {
  id: string;
  master: boolean;
  name: string;
  /** Its `tools:` allow-list; null = every built-in tool. */
  allowList: string[] | null;
  /** Its `mcp:` list of servers; null = none named. */
  mcp: string[] | null;
  scriptCalls: "off" | "gated";
  autonomous: boolean;
  tools: ToolRow[];
  /** Why its agent.yaml did not load; it then has no tools. */
  broken: string | null;
};

export type ToolsPage = { agents: ToolsAgent[] };
