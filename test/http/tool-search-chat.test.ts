// tool_search through the real runtime (H-24…H-26): the master holds a deferred tool; a chat turn that
// searches loads it, the next turn calls it, and the stored cards read like any other tool's.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { defineTool } from "../../src/tools/define.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

describe("tool_search in a chat", () => {
  test("a search loads a deferred tool for the next turn; its card shows the query and its label", async () => {
    const t = await testApp();
    const ran: string[] = [];
    t.runtime.crew().get("default")!.tools.push(defineTool({
      name: "events_list", description: "List calendar events.", params: z.object({}), requiresApproval: false,
      deferred: true, origin: { kind: "mcp", server: "calendar" }, execute: async () => (ran.push("events"), "3 events"),
    }));
    const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const send = async (text: string) =>
      (await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text }), isEnd))
        .filter((e: { type: string }) => e.type === "tool_result");

    const early = await send("/tool events_list {}");
    expect(early[0]).toMatchObject({ status: "error" });
    expect(early[0].output).toContain("not loaded yet");
    const found = await send('/tool tool_search {"query":"calendar events"}');
    expect(found[0].output).toStartWith("tool_search loaded: events_list\n");
    const called = await send("/tool events_list {}");
    expect(called[0]).toMatchObject({ status: "done", output: "3 events" });
    expect(ran).toEqual(["events"]);

    const page = await (await t.request(`/c/${conv}`)).text();
    const card = page.slice(page.indexOf('data-tool="tool_search"'));
    expect(card).toContain('<span class="tc-name">Tìm công cụ</span>\n<span class="tc-args">calendar events</span>');
  });
});
