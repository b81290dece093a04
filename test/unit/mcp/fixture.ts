// MCP servers connected for a test: the real SDK server (test/helpers/mcp-server.ts) behind McpServers,
// with a header whose value comes from env, and every log line kept.
import { McpServers } from "../../../src/mcp/servers.ts";
import type { McpServerConfig } from "../../../src/mcp/session.ts";
import type { Tool } from "../../../src/tools/define.ts";
import { startMcpServer } from "../../helpers/mcp-server.ts";

export const HEADER_VALUE = "hv-7f3c1d9e-never-logged";

export function peerConfig(url: string, readOnly: string[] = ["lookup"]): McpServerConfig {
  return { url, headers: { "X-Peer-Key": "PEER_KEY" }, read_only: readOnly };
}

/** The peer connected as `peer`; the caller stops it with `done()` in a finally. */
export async function connectedPeer(readOnly?: string[]) {
  const server = startMcpServer();
  const logs: string[] = [];
  const servers = new McpServers({ env: { PEER_KEY: HEADER_VALUE }, log: (l) => logs.push(l), onChange: () => {} });
  await servers.refresh({ peer: peerConfig(server.url, readOnly) });
  const tool = (name: string): Tool => {
    const found = servers.toolsOf("peer")?.find((t) => t.name === `peer__${name}`);
    if (!found) throw new Error(`no tool peer__${name}; state ${JSON.stringify(servers.lines())}`);
    return found;
  };
  const done = () => {
    servers.close();
    server.stop();
  };
  return { server, servers, logs, tool, done };
}

export const ctx = (signal = new AbortController().signal) =>
  ({ workspace: "/tmp", agentId: "default", conversationId: null, signal });
