// MCP tools through the real approval gate and the real loop: a read_only tool runs without asking, any
// other asks (whatever the server's readOnlyHint says), and a restart never re-calls one that is not
// read_only (H-23, C-25/C-26).
import { describe, expect, test } from "bun:test";
import { CUT } from "../../../src/agent/cut-calls.ts";
import { gate } from "../../../src/agent/gate.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { harness, route, type Harness } from "../agent/harness.ts";
import { connectedPeer, ctx } from "./fixture.ts";

const ASK = { autonomous: false, autoApprove: [] };

describe("the gate", () => {
  test("a read_only tool runs; a write tool asks even though the server calls it read-only", async () => {
    const p = await connectedPeer(["lookup"]);
    try {
      expect(await gate(p.tool("lookup"), { word: "x" }, ctx(), ASK)).toEqual({ action: "run" });
      const save = p.tool("save_note");
      expect(save.origin?.readOnlyHint).toBe(true);
      expect(await gate(save, { text: "x" }, ctx(), ASK)).toEqual({ action: "ask", reason: null });
      expect(p.tool("fail").requiresApproval).toBe(true);
    } finally {
      p.done();
    }
  });
});

describe("in a turn", () => {
  test("the read tool runs at once; the write tool pauses the turn and has not reached the server", async () => {
    const p = await connectedPeer(["lookup"]);
    try {
      const h = harness();
      const tools = p.servers.toolsOf("peer")!;
      // MCP tools are deferred: the model loads them with tool_search first (H-24, H-25).
      const plan = route([
        { toolCalls: [{ name: "tool_search", args: { query: "lookup save note" }, id: "s" }] },
        { toolCalls: [{ name: "peer__lookup", args: { word: "tea" }, id: "r" }] },
        { toolCalls: [{ name: "peer__save_note", args: { text: "tea" }, id: "w" }] },
      ]);
      const result = await h.turn([plan], { user: "go", tools });
      expect(result.status).toBe("approval_required");
      const results = h.of("tool_result").filter((e) => e.id !== "s");
      expect(results.map((e) => [e.id, e.status, e.output])).toEqual([["r", "done", "tea: a test word"]]);
      expect(h.of("approval_required")[0]).toMatchObject({ tool_call_id: "w", tool: "peer__save_note" });
      expect(p.server.saved).toEqual([]);
    } finally {
      p.done();
    }
  });

  test("after a restart the write call is closed as unknown, never re-called; a read_only one runs again", async () => {
    const p = await connectedPeer(["lookup"]);
    try {
      const h = harness({ autonomous: true });
      cutHistory(h, [
        { id: "w", name: "peer__save_note", args: { text: "once" } },
        { id: "r", name: "peer__lookup", args: { word: "tea" } },
      ]);
      const result = await h.turn([route([{ text: "checked" }])], { resume: true, tools: p.servers.toolsOf("peer")! });
      expect(result.status).toBe("done");
      expect(h.of("tool_result").map((e) => [e.id, e.status, e.output])).toEqual([
        ["w", "interrupted", CUT.unknown],
        ["r", "done", "tea: a test word"],
      ]);
      expect(p.server.saved).toEqual([]);
    } finally {
      p.done();
    }
  });
});

/** The assistant message a killed process left: tool calls with no results, after a search that loaded them. */
function cutHistory(h: Harness, calls: { id: string; name: string; args: unknown }[]) {
  const toolCalls = calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.args) }));
  const conversationId = h.conv.id;
  appendMessage(h.store, { conversationId, role: "user", content: "go" });
  const search = { id: "s", name: "tool_search", arguments: JSON.stringify({ query: "lookup save note" }) };
  appendMessage(h.store, { conversationId, role: "assistant", content: "", toolCalls: [search] });
  const loaded = `tool_search loaded: ${calls.map((c) => c.name).join(", ")}`;
  appendMessage(h.store, { conversationId, role: "tool", content: loaded, toolCallId: "s", name: "tool_search" });
  appendMessage(h.store, { conversationId: h.conv.id, role: "assistant", content: "", toolCalls });
}
