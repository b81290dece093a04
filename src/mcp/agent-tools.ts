// An agent's MCP tools: those of every server named in its `mcp:` list (H-17), whatever its `tools:` says.
// A name that is not in config.yaml's mcp_servers is a problem line for that agent, never a failure.
import type { Tool } from "../tools/define.ts";
import type { McpCatalog } from "./servers.ts";

export function agentMcpTools(
  names: readonly string[] | undefined,
  catalog: McpCatalog | undefined,
): { tools: Tool[]; problems: string[] } {
  const tools: Tool[] = [];
  const problems: string[] = [];
  for (const name of new Set(names ?? [])) {
    const found = catalog?.toolsOf(name) ?? null;
    if (found === null) problems.push(`mcp: server "${name}" is not in config.yaml mcp_servers`);
    else tools.push(...found);
  }
  return { tools, problems };
}
