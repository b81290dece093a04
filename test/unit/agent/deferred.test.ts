import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { deferral, loadedTools } from "../../../src/agent/deferred.ts";
import { decideApproval } from "../../../src/store/approvals.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { defineTool, type Tool } from "../../../src/tools/define.ts";
import { sqlTurnStore } from "../../../src/turns/sql-turn-store.ts";
import { toChat } from "../../../src/turns/model-view.ts";
import { harness, ran, route, testTools } from "./harness.ts";

const mcp = (name: string, description: string): Tool =>
  defineTool({
    name, description, params: z.object({ title: z.string() }), requiresApproval: false, deferred: true,
    origin: { kind: "mcp", server: "calendar" },
    execute: async (a) => (ran.push(`${name}:${a.title}`), `${name} ok`),
  });
const events = mcp("calendar_list_events", "List the events of a calendar between two dates.");
const invoice = mcp("invoice_create", "Create an invoice for a customer.");
const book = defineTool({
  name: "room_book", description: "Book a meeting room.", params: z.object({ room: z.string() }),
  requiresApproval: true, deferred: true, execute: async (a) => (ran.push(`book:${a.room}`), "booked"),
});
const tools = [...testTools, events, invoice, book];
const names = (r: ReturnType<typeof route>, i: number) => r.provider.requests[i]!.tools.map((t) => t.name);

describe("deferred tools and tool_search in the loop", () => {
  test("deferred tools are not declared; a found one is appended from the next call, the prefix unchanged",
    async () => {
      const h = harness();
      const r = route([
        { toolCalls: [{ name: "tool_search", args: { query: "calendar events" }, id: "s1" }] },
        { toolCalls: [{ name: "calendar_list_events", args: { title: "May" }, id: "c1" }] },
        { text: "Done." },
      ]);
      const result = await h.turn([r], { user: "what is on my calendar?", tools });
      expect(result.status).toBe("done");
      const first = names(r, 0);
      expect(first).toEqual([...testTools.map((t) => t.name), "tool_search"]);
      expect(names(r, 1)).toEqual([...first, "calendar_list_events"]);
      expect(r.provider.requests[1]!.tools.slice(0, first.length)).toEqual(r.provider.requests[0]!.tools);
      expect(r.provider.requests[2]!.tools).toEqual(r.provider.requests[1]!.tools);
      expect(ran).toEqual(["calendar_list_events:May"]);
      expect(h.of("tool_result")[0]!.output).toStartWith("tool_search loaded: calendar_list_events\n");
    });

  test("a deferred tool called before it is loaded answers how to load it, and the turn goes on", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "invoice_create", args: { title: "x" }, id: "c1" }] }, { text: "ok" }]);
    expect((await h.turn([r], { user: "bill them", tools })).status).toBe("done");
    const [res] = h.of("tool_result");
    expect(res).toMatchObject({ status: "error" });
    expect(res!.output).toContain("invoice_create is not loaded yet: call tool_search");
    expect(ran).toEqual([]);
  });

  test("a call to a tool found in the same step still has to wait for the next step", async () => {
    const h = harness();
    const r = route([
      { toolCalls: [
        { name: "tool_search", args: { query: "invoice" }, id: "s1" },
        { name: "invoice_create", args: { title: "x" }, id: "c1" },
      ] },
      { text: "ok" },
    ]);
    await h.turn([r], { user: "bill them", tools });
    expect(h.of("tool_result").map((e) => e.status)).toEqual(["done", "error"]);
    expect(names(r, 1).at(-1)).toBe("invoice_create");
  });

  test("an agent with no deferred tool gets no tool_search", async () => {
    const h = harness();
    const r = route([{ text: "hi" }]);
    await h.turn([r], { user: "hi", tools: testTools });
    expect(names(r, 0)).not.toContain("tool_search");
  });

  test("what is loaded is read back from the stored conversation: a restart declares the same tools", async () => {
    const h = harness();
    const r = route([
      { toolCalls: [{ name: "tool_search", args: { query: "invoice customer" }, id: "s1" }] },
      { toolCalls: [{ name: "tool_search", args: { query: "calendar" }, id: "s2" }] },
      { text: "Both ready." },
    ]);
    await h.turn([r], { user: "get ready", tools });
    const before = loadedTools(sqlTurnStore(h.store, h.conv.id, "x").history());
    expect(before).toEqual(["invoice_create", "calendar_list_events"]);
    // A new process: nothing in memory, the history rebuilt from the rows.
    const rebuilt = toChat(listMessages(h.store, h.conv.id));
    expect(loadedTools(rebuilt)).toEqual(before);
    const fresh = deferral(tools, rebuilt);
    expect(fresh.declare(rebuilt).map((t) => t.name).slice(-2)).toEqual(before);
    expect(fresh.tools.get("invoice_create")).toBe(invoice);
    const next = route([{ text: "still here" }]);
    await h.turn([next], { user: "again", tools });
    expect(next.provider.requests[0]!.tools).toEqual(r.provider.requests[2]!.tools);
  });

  test("a loaded tool that asks pauses the turn; the continuation, built from the store, runs it once approved",
    async () => {
      const h = harness();
      const r = route([
        { toolCalls: [{ name: "tool_search", args: { query: "book room" }, id: "s1" }] },
        { toolCalls: [{ name: "room_book", args: { room: "A" }, id: "b1" }] },
        { text: "Booked." },
      ]);
      expect((await h.turn([r], { user: "book room A", tools })).status).toBe("approval_required");
      expect(ran).toEqual([]);
      decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status: "approved" });
      expect((await h.turn([r], { continueRun: true, tools })).status).toBe("done");
      expect(ran).toEqual(["book:A"]);
      expect(names(r, 2)).toContain("room_book");
    });

  test("only tool_search answers load, and only tools the agent still holds", () => {
    const fake = [
      { role: "tool" as const, name: "lookup", tool_call_id: "a", content: "tool_search loaded: invoice_create" },
      { role: "tool" as const, name: "tool_search", tool_call_id: "b", content: "tool_search loaded: gone, invoice_create" },
    ];
    expect(loadedTools(fake)).toEqual(["gone", "invoice_create"]);
    const d = deferral(tools, fake);
    expect(d.declare(fake).map((t) => t.name).at(-1)).toBe("invoice_create");
    expect(d.tools.has("gone")).toBe(false);
    expect(d.tools.get("calendar_list_events")).not.toBe(events);
  });
});
