// What Manage → Connections shows (O-10…O-13) and GET /api/connections answers. The groups are a value
// set (the page lists them in this order), so they are one zod enum and the type derives from it.
import { z } from "zod";

export const Group = z.enum(["models", "channels", "search", "other"]);
export type Group = z.infer<typeof Group>;

/** secret: only "set / not set" is ever shown; the others show their value. */
export type Kind = "secret" | "url" | "routes" | "plain";

export type ConnectionRow = {
  name: string;
  group: Group;
  kind: Kind;
  set: boolean;
  value?: string;
  check: boolean;
  desc: string;
  provider?: string;
  default?: string;
  restart?: boolean;
};

export type ConnectionsStatus = {
  rows: ConnectionRow[];
  /** Variables in the env file that the catalogue does not know (the "other variables" list): names only. */
  other: { name: string; set: boolean }[];
  /** `<agent>: <why>` for each configured route that does not resolve. */
  route_problems: string[];
  /** The master agent has no usable route: turns cannot run (decisions: "No route configured"). */
  no_routes: boolean;
  /** One line per MCP server of config.yaml: connecting, connected with N tools, or why not (H-22). */
  mcp_servers: McpServerLine[];
  /** `<agent>: <why>` for each server an agent's `mcp:` names that is not configured. */
  mcp_problems: string[];
  /** The env file has a malformed line (file:line, never its text): saving is refused until fixed. */
  file_problem?: string;
};

/** One MCP server's line: its name, the host it is reached at (never the full URL or a header), its state. */
export type McpServerLine = {
  name: string;
  host: string;
  status: "connecting" | "connected" | "error";
  tools?: number;
  reason?: string;
};

/** One live check's answer (O-13). */
export type CheckResult = { ok: boolean; detail: string };
