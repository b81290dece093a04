// Manage → Công cụ in process (M-49, H-02, H-24): every agent's tools with their source, declared or
// deferred, and their approval rule in words; the allow-list and script_calls; a key that is not set.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { defineTool } from "../../src/tools/define.ts";
import { T_TOOLS } from "../../src/texts/vi-tools-page.ts";
import { testApp } from "../helpers/app.ts";

const mcpTool = (name: string, requiresApproval: boolean, readOnlyHint: boolean) =>
  defineTool({
    name, description: `${name} of the calendar service.\nSecond line.`, params: z.object({}), requiresApproval,
    deferred: true, origin: { kind: "mcp", server: "calendar", readOnlyHint }, execute: async () => "",
  });

/** One `<li>` of the page that carries `attr`, up to its end. */
function part(html: string, attr: string, end = "</li>"): string {
  const at = html.indexOf(attr);
  expect(at).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf(end, at));
}

async function app(env: Record<string, string> = {}) {
  const t = await testApp([], env);
  const member = (id: string, yaml: string) => {
    mkdirSync(join(t.root, "agents", id), { recursive: true });
    writeFileSync(join(t.root, "agents", id, "agent.yaml"), yaml);
  };
  const reload = () => t.request("/manage/team/reload", { method: "POST", headers: { "hx-request": "true" } });
  const page = async () => {
    const res = await t.request("/manage/tools");
    expect(res.status).toBe(200);
    return res.text();
  };
  return { ...t, member, reload, page };
}

describe("Manage → Công cụ", () => {
  test("each agent's tools with source, declaration and approval rule; allow-list and script_calls", async () => {
    const t = await app();
    t.member("writer", "name: Writer\ntools: [file_read, web_search]\nscript_calls: gated\nmcp: [calendar]\n");
    t.member("bad", "max_steps: lots\n");
    expect((await t.reload()).status).toBe(200);
    const html = await t.page();
    expect(html).toContain(T_TOOLS.intro);
    expect([...html.matchAll(/<li class="team-row[^"]*" id="tools-[^"]+" data-agent="([^"]+)"/g)].map((m) => m[1]))
      .toEqual(["default", "bad", "writer"]);

    const master = part(html, 'data-agent="default"', 'data-agent="bad"');
    expect(master).toContain("Trợ lý chính");
    expect(master).toContain(T_TOOLS.allowAll);
    expect(master).toContain(T_TOOLS.scriptCalls.off!);
    const rule = (name: string) => part(master, `data-tool="${name}"`);
    expect(rule("file_read")).toContain(T_TOOLS.rule.never!);
    expect(rule("file_read")).toContain(T_TOOLS.refuses);
    expect(rule("file_read")).toContain(T_TOOLS.declared);
    expect(rule("file_write")).toContain(T_TOOLS.rule.asks!);
    expect(rule("shell_run")).toContain(T_TOOLS.rule.sometimes!);
    expect(rule("schedule_create")).toContain(T_TOOLS.rule.always!);
    expect(rule("ask_user")).toContain(T_TOOLS.rule.question!);
    // No search key: web_search is listed as what the key would add, not as held.
    expect(rule("web_search")).toContain(T_TOOLS.source.keyed("BRAVE_API_KEY"));
    expect(rule("web_search")).toContain(T_TOOLS.unavailable);
    expect(master).not.toContain('data-tool="tool_search"');

    const writer = part(html, 'data-agent="writer"', "</ul>\n</li>");
    const held = [...writer.matchAll(/data-tool="([^"]+)"/g)].map((m) => m[1]);
    // tool_script comes with any script-callable tool (H-27).
    expect(held).toEqual(["file_read", "tool_script", "web_search"]);
    expect(writer).toContain("<code>file_read</code>, <code>web_search</code>");
    expect(writer).toContain("<code>calendar</code>");
    expect(writer).toContain(T_TOOLS.scriptCalls.gated!);
    expect(part(html, 'data-agent="bad"')).toContain("max_steps");
  });

  test("MCP tools show their server, deferred, asks or read-only, the server's hint; tool_search comes with them",
    async () => {
      const t = await app({ BRAVE_API_KEY: "k" });
      const master = t.runtime.crew().get("default")!;
      master.tools.push(mcpTool("events_write", true, true), mcpTool("events_list", false, true));
      const html = await t.page();
      const row = (name: string) => part(html, `data-tool="${name}"`);
      expect(row("events_write")).toContain(T_TOOLS.source.mcp("calendar"));
      expect(row("events_write")).toContain(T_TOOLS.deferred);
      expect(row("events_write")).toContain(`${T_TOOLS.rule.asks}. ${T_TOOLS.mcpReplay}`);
      expect(row("events_write")).toContain(T_TOOLS.hint);
      expect(row("events_write")).toContain("events_write of the calendar service.</p>");
      expect(row("events_list")).toContain(T_TOOLS.rule.readOnly!);
      expect(row("events_list")).not.toContain(T_TOOLS.hint);
      expect(row("tool_search")).toContain(T_TOOLS.declared);
      expect(row("web_search")).not.toContain(T_TOOLS.unavailable);
      expect(row("web_search")).toContain(T_TOOLS.declared);
    });
});
