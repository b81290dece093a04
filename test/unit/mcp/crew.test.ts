// MCP servers in the running crew: agents get the tools of the servers their `mcp:` names once those
// connect in the background; a broken server is one line on Manage → Connections and the crew still builds and runs;
// an unknown name is a problem line for its agent; a rebuild connects again (H-17, H-22).
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { connectionsStatus } from "../../../src/connections/status.ts";
import { openStore } from "../../../src/store/db.ts";
import { T_MCP } from "../../../src/texts/vi-mcp.ts";
import { buildRuntime } from "../../../src/turns/runtime.ts";
import { connectionsSection } from "../../../views/manage/connections.ts";
import { startBrokenServer, startMcpServer } from "../../helpers/mcp-server.ts";
import { until } from "../../helpers/wait.ts";
import { HEADER_VALUE, peerConfig } from "./fixture.ts";

function runtimeWith(servers: Record<string, { url: string }>, agents: Record<string, object>) {
  const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC", PEER_KEY: HEADER_VALUE };
  const mcp = Object.fromEntries(Object.entries(servers).map(([n, s]) => [n, peerConfig(s.url)]));
  const settings = resolveSettings(configSchema.parse({ mcp_servers: mcp }), env);
  const profiles = new Map(Object.entries(agents).map(([id, p]) => [id, agentSchema.parse(p)]));
  const logs: string[] = [];
  const root = mkdtempSync(join(tmpdir(), "mc-mcp-"));
  const store = openStore(":memory:");
  const rt = buildRuntime({ settings, profiles, paths: homePaths(root), env, store, log: (l) => logs.push(l) });
  const settled = () => until(() => rt.mcp.lines(), (ls) => ls.every((l) => l.status !== "connecting"));
  return { rt, env, logs, settled };
}

const mcpNames = (tools: { name: string }[]) => tools.map((t) => t.name).filter((n) => n.includes("__"));

describe("MCP servers in the crew", () => {
  test("the named server's tools reach the agent; a broken one and an unknown name never stop the crew", async () => {
    const peer = startMcpServer();
    const broken = startBrokenServer(500);
    const c = runtimeWith({ peer, broken }, { default: { mcp: ["peer", "broken", "ghost"] }, helper: {} });
    try {
      // Built at once, before any server answered.
      expect(c.rt.crew().get("default")).toBeDefined();
      await c.settled();
      const master = c.rt.crew().get("default")!;
      expect(mcpNames(master.tools)).toEqual(["peer__lookup", "peer__save_note", "peer__fail"]);
      expect(mcpNames(c.rt.crew().get("helper")!.tools)).toEqual([]);
      expect(master.mcpProblems).toEqual(['mcp: server "ghost" is not in config.yaml mcp_servers']);
      const status = connectionsStatus({ crew: c.rt.crew, env: c.env, mcp: c.rt.mcp });
      const lines = status.mcp_servers.map((l) => [l.name, l.status, l.tools]);
      expect(lines).toEqual([["peer", "connected", 3], ["broken", "error", undefined]]);
      expect(status.mcp_problems).toEqual(['default: mcp: server "ghost" is not in config.yaml mcp_servers']);
      const page = String(await connectionsSection(status));
      expect(page).toContain(T_MCP.connected(3));
      expect(page).toContain(T_MCP.failed(status.mcp_servers[1]!.reason!));
      expect(page).toContain("ghost");
      expect(page + c.logs.join("\n")).not.toContain(HEADER_VALUE);
    } finally {
      c.rt.stopJobs();
      peer.stop();
      broken.stop();
    }
  });

  test("a rebuild connects again: a server that came back gives the agent its tools", async () => {
    const peer = startMcpServer();
    peer.failure = 503;
    const c = runtimeWith({ peer }, { default: { mcp: ["peer"] } });
    try {
      await c.settled();
      expect(c.rt.mcp.lines()[0]).toMatchObject({ status: "error" });
      expect(mcpNames(c.rt.crew().get("default")!.tools)).toEqual([]);
      peer.failure = null;
      c.rt.rebuild();
      expect(c.rt.mcp.lines()[0]!.status).toBe("connecting");
      await c.settled();
      expect(c.rt.mcp.lines()[0]).toMatchObject({ status: "connected", tools: 3 });
      expect(mcpNames(c.rt.crew().get("default")!.tools)).toEqual(["peer__lookup", "peer__save_note", "peer__fail"]);
    } finally {
      c.rt.stopJobs();
      peer.stop();
    }
  });
});
