// Tool declarations are built once per tool object (src/tools/define.ts toolSpec), so once per crew build:
// turns and model calls reuse them, and the declared list stays byte-identical from call to call.
import { describe, expect, spyOn, test } from "bun:test";
import { z } from "zod";
import { defineTool, toolSpec, type Tool } from "../../../src/tools/define.ts";
import { harness, route } from "./harness.ts";

function crewTools(): Tool[] {
  const tool = (name: string, deferred = false) => defineTool({
    name, description: `${name} things`, params: z.object({ title: z.string().describe("What to use") }),
    requiresApproval: false, deferred, execute: async (a) => `${name}:${a.title}`,
  });
  const mcp = defineTool({
    name: "calendar__list", description: "List calendar events.", params: z.unknown(), requiresApproval: false,
    jsonSchema: { type: "object", properties: { day: { type: "string" } } }, execute: async () => "none",
  });
  return [tool("lookup"), tool("note"), tool("invoice_create", true), mcp];
}

describe("tool declarations", () => {
  test("one tool object gives one declaration; a rebuilt tool gets its own", () => {
    const [lookup] = crewTools();
    expect(toolSpec(lookup!)).toBe(toolSpec(lookup!));
    const [rebuilt] = crewTools();
    expect(toolSpec(rebuilt!)).not.toBe(toolSpec(lookup!));
    expect(toolSpec(rebuilt!)).toEqual(toolSpec(lookup!));
  });

  test("zod → JSON Schema runs once per tool across turns and model calls; the declared list is stable",
    async () => {
      const spy = spyOn(z, "toJSONSchema");
      try {
        const tools = crewTools();
        const h = harness();
        const r = route([
          { toolCalls: [{ name: "tool_search", args: { query: "invoice create" }, id: "s1" }] },
          { text: "Found it." },
          { text: "Hello again." },
          { text: "And again." },
        ]);
        for (const user of ["find the invoice tool", "hi", "hi"]) {
          expect((await h.turn([r], { user, tools })).status).toBe("done");
        }
        // lookup, note, tool_search, and invoice_create (read by tool_search's ranking, then declared).
        expect(spy).toHaveBeenCalledTimes(4);
        const declared = r.provider.requests.map((q) => JSON.stringify(q.tools));
        expect(declared).toHaveLength(4);
        expect(declared[1]!.startsWith(declared[0]!.slice(0, -1))).toBe(true);
        expect(new Set(declared.slice(1)).size).toBe(1);
        expect(r.provider.requests[1]!.tools.map((t) => t.name))
          .toEqual(["lookup", "note", "calendar__list", "tool_search", "invoice_create"]);
      } finally {
        spy.mockRestore();
      }
    });
});
