// The MCP client against the official SDK's server on 127.0.0.1: listing, calling, the declaration the model
// gets, header values from env (never logged), safe tool names, and broken servers as one line of state.
import { describe, expect, test } from "bun:test";
import { mcpToolName } from "../../../src/mcp/adapt.ts";
import { McpServers } from "../../../src/mcp/servers.ts";
import { toolSpec } from "../../../src/tools/define.ts";
import { startBrokenServer, startMcpServer } from "../../helpers/mcp-server.ts";
import { connectedPeer, ctx, HEADER_VALUE, peerConfig } from "./fixture.ts";

describe("a connected MCP server", () => {
  test("its tools are listed, named <server>__<tool>, deferred, with the server's input schema", async () => {
    const p = await connectedPeer();
    try {
      const host = new URL(p.server.url).host;
      expect(p.servers.lines()).toEqual([{ name: "peer", host, status: "connected", tools: 3 }]);
      expect(p.servers.toolsOf("peer")!.map((t) => t.name)).toEqual(["peer__lookup", "peer__save_note", "peer__fail"]);
      const lookup = p.tool("lookup");
      expect(lookup.deferred).toBe(true);
      expect(lookup.origin).toEqual({ kind: "mcp", server: "peer", readOnlyHint: true });
      const spec = toolSpec(lookup);
      expect(spec.description).toBe("Looks a word up in the test dictionary.");
      const word = { type: "string" };
      expect(spec.parameters).toMatchObject({ type: "object", properties: { word }, required: ["word"] });
      expect(p.logs).toEqual(["mcp peer: connected, 3 tool(s)"]);
    } finally {
      p.done();
    }
  });

  test("a call returns the text; other content is one line; an error result is a tool error", async () => {
    const p = await connectedPeer();
    try {
      expect(await p.tool("lookup").execute({ word: "tea" }, ctx())).toBe("tea: a test word");
      const saved = await p.tool("save_note").execute({ text: "hi" }, ctx());
      expect(saved).toBe("saved hi\n[image image/png, 3 bytes, not shown]");
      expect(p.server.saved).toEqual(["hi"]);
      await expect(p.tool("fail").execute({}, ctx())).rejects.toThrow("peer answered with an error: the disk is full");
    } finally {
      p.done();
    }
  });

  test("an aborted turn aborts the call", async () => {
    const p = await connectedPeer();
    try {
      const stop = new AbortController();
      stop.abort("stop");
      await expect(p.tool("lookup").execute({ word: "tea" }, ctx(stop.signal))).rejects.toThrow();
    } finally {
      p.done();
    }
  });

  test("header values come from env, reach the server on every request and never reach a log line", async () => {
    const p = await connectedPeer();
    try {
      await p.tool("lookup").execute({ word: "x" }, ctx());
      expect(p.server.headers.length).toBeGreaterThan(1);
      for (const h of p.server.headers) expect(h.get("x-peer-key")).toBe(HEADER_VALUE);
      expect(p.logs.join("\n")).not.toContain(HEADER_VALUE);
      expect(JSON.stringify(p.servers.lines())).not.toContain(HEADER_VALUE);
    } finally {
      p.done();
    }
  });
});

describe("reconnecting (a save in Connections, an agents reload)", () => {
  test("a call running meanwhile finishes; a tool held from before reaches the new session", async () => {
    const server = startMcpServer({ slow: true });
    const servers = new McpServers({ env: { PEER_KEY: HEADER_VALUE }, log: () => {}, onChange: () => {} });
    try {
      await servers.refresh({ peer: peerConfig(server.url) });
      const named = (n: string) => servers.toolsOf("peer")!.find((t) => t.name === n)!;
      const [lookup, slow] = [named("peer__lookup"), named("peer__slow")];
      const running = slow!.execute({}, ctx());
      await server.slowStarted;
      await servers.refresh({ peer: peerConfig(server.url) });
      server.release();
      expect(await running).toBe("slow done");
      expect(await lookup!.execute({ word: "again" }, ctx())).toBe("again: a test word");
    } finally {
      servers.close();
      server.stop();
    }
  });

  test("a tool whose server is down now fails with a sentence naming the server and why", async () => {
    const p = await connectedPeer();
    try {
      const lookup = p.tool("lookup");
      p.server.failure = 503;
      await p.servers.refresh({ peer: peerConfig(p.server.url) });
      const reason = p.servers.lines()[0]!.reason!;
      const why = `the MCP server peer is not connected: ${reason}`;
      await expect(lookup.execute({ word: "x" }, ctx())).rejects.toThrow(why);
    } finally {
      p.done();
    }
  });
});

describe("tool names safe for every provider", () => {
  test("a plain name stays; an unsafe or long one is cleaned, cut and told apart by a hash", () => {
    expect(mcpToolName("gh", "list_issues")).toBe("gh__list_issues");
    const dotted = mcpToolName("gh", "issues.list");
    const underscored = mcpToolName("gh", "issues_list");
    expect(dotted).toMatch(/^gh__issues_list_[0-9a-f]{8}$/);
    expect(dotted).not.toBe(underscored);
    const long = mcpToolName("server", "x".repeat(100));
    expect(long).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe("a broken server is one line of state", () => {
  async function stateOf(url: string, env: Record<string, string> = { PEER_KEY: HEADER_VALUE }) {
    const logs: string[] = [];
    const servers = new McpServers({ env, log: (l) => logs.push(l), onChange: () => {}, timeoutMs: 500 });
    try {
      await servers.refresh({ bad: peerConfig(url) });
      const [line] = servers.lines();
      expect(line!.status).toBe("error");
      expect(line!.reason).not.toContain("\n");
      expect(servers.toolsOf("bad")).toEqual([]);
      expect(logs).toEqual([`mcp bad: not connected: ${line!.reason}`]);
      return line!.reason!;
    } finally {
      servers.close();
    }
  }

  test("a closed port", async () => {
    const s = startBrokenServer(500);
    s.stop();
    expect(await stateOf(s.url)).toBeTruthy();
  });

  test("a 500", async () => {
    const s = startBrokenServer(500);
    try {
      expect(await stateOf(s.url)).toContain("internal trouble");
    } finally {
      s.stop();
    }
  });

  test("a server that never answers", async () => {
    const s = startBrokenServer("hang");
    try {
      expect(await stateOf(s.url)).toContain("no answer within");
    } finally {
      s.stop();
    }
  });

  test("a redirect, even to the server's own origin, is not followed: the URL comes only from config", async () => {
    const s = startBrokenServer({ redirectTo: "/elsewhere" });
    try {
      expect(await stateOf(s.url)).toBeTruthy();
      expect(s.paths.length).toBeGreaterThan(0);
      expect(s.paths.filter((p) => p !== "/mcp")).toEqual([]);
    } finally {
      s.stop();
    }
  });

  test("a header whose env variable is not set: named, never guessed", async () => {
    expect(await stateOf("http://127.0.0.1:9/mcp", {})).toBe("header X-Peer-Key needs PEER_KEY, which is not set");
  });
});
