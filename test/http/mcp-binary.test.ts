// MCP in the compiled binary (H-17…H-23): with a real SDK server and a dead one in config.yaml, the crew
// starts at once, Kết nối's JSON shows one line each, a read_only tool runs from /api/inbound, a write tool
// waits for an approval without reaching the server, and the header's value is in no log line.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { startBrokenServer, startMcpServer } from "../helpers/mcp-server.ts";
import { until } from "../helpers/wait.ts";

afterAll(stopAll);

const KEY = "hv-binary-5be0c2-never-logged";
type Line = { name: string; status: string; tools?: number; reason?: string };
type Message = { role: string; content: string };

describe("MCP servers in the binary", () => {
  test("a dead server is one line; the live one's tools run through the gate", async () => {
    const peer = startMcpServer();
    const dead = startBrokenServer(500);
    dead.stop();
    try {
      const home = tempDir("mcp-home");
      writeFileSync(join(home, "config.yaml"), [
        "mcp_servers:",
        `  peer: {url: "${peer.url}", headers: {X-Peer-Key: PEER_KEY}, read_only: [lookup]}`,
        `  dead: {url: "${dead.url}"}`,
        "",
      ].join("\n"));
      writeFileSync(join(home, "agent.yaml"), "mcp: [peer, dead]\n");
      const env = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC", PEER_KEY: KEY };
      await using r = await startBinary(["--port", "0", "--home", home], { env });
      const status = async () => (await (await fetch(`${r.url}/api/connections`)).json()) as { mcp_servers: Line[] };
      const settled = (ls: Line[]) => ls.every((l) => l.status !== "connecting");
      const lines = await until(async () => (await status()).mcp_servers, settled);
      const seen = lines.map((l) => [l.name, l.status, l.tools]);
      expect(seen).toEqual([["peer", "connected", 3], ["dead", "error", undefined]]);
      const ask = async (text: string) => {
        const res = await fetch(`${r.url}/api/inbound`, { method: "POST", body: JSON.stringify({ text }) });
        expect(res.status).toBe(200);
        const answer = (await res.json()) as { conversation_id: string; status: string };
        const conv = await (await fetch(`${r.url}/api/conversations/${answer.conversation_id}`)).json();
        const tools = (conv as { messages: Message[] }).messages.filter((m) => m.role === "tool");
        return { status: answer.status, last: tools.at(-1)?.content };
      };
      // MCP tools are deferred: loaded with tool_search first, in the same (today's) conversation.
      const search = await ask('/tool tool_search {"query":"lookup save note"}');
      expect(search.last).toStartWith("tool_search loaded: peer__");
      expect(await ask('/tool peer__lookup {"word":"tea"}')).toEqual({ status: "done", last: "tea: a test word" });
      expect((await ask('/tool peer__save_note {"text":"x"}')).status).toBe("approval_required");
      expect(peer.saved).toEqual([]);
      expect(peer.headers.every((h) => h.get("x-peer-key") === KEY)).toBe(true);
      expect(r.stderr()).toContain("mcp dead: not connected:");
      expect(r.stderr()).not.toContain(KEY);
    } finally {
      peer.stop();
    }
  });
});
