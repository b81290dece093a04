// Kit hooks (F-17): the fixture's PreToolUse hook (matcher "Bash", exit 2) blocks shell_run before the
// gate — the tool never runs, nobody is asked, and the model reads the hook's stderr as the result.
// Hooks get Claude Code's JSON on stdin and the shell's minimal environment, never the server's.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { readKit } from "../../../src/kits/read-kit.ts";
import { kitToolHooks } from "../../../src/kits/hooks.ts";
import type { HookRule } from "../../../src/kits/types.ts";
import { probeSandbox } from "../../../src/tools/sandbox.ts";
import { defineTool } from "../../../src/tools/define.ts";
import { harness, ran, route, testTools } from "../agent/harness.ts";
import { crewOf } from "./crew.ts";
import { KIT_FIXTURE, kitHome } from "./fixture.ts";

const shellRun = defineTool({
  name: "shell_run", description: "shell", params: z.object({ command: z.string() }), requiresApproval: true,
  execute: async (a) => (ran.push(`shell:${a.command}`), "ran"),
});
const tools = [...testTools, shellRun];
const workspace = () => mkdtempSync(join(tmpdir(), "mc-hook-ws-"));
const signal = new AbortController().signal;
const rule = (command: string, more: Partial<HookRule> = {}): HookRule => ({
  event: "PreToolUse", matcher: "", command, timeoutSeconds: 30, kitDir: tmpdir(), projectDir: tmpdir(), ...more,
});

describe("kit hooks around tool calls", () => {
  test("the fixture's PreToolUse hook blocks shell_run: it never runs, the model reads the hook's stderr", async () => {
    const rules = readKit(join(KIT_FIXTURE, ".claude"), () => {}).hooks;
    const hooks = kitToolHooks(rules, { workspace: workspace(), conversationId: "c1" });
    const h = harness({ autonomous: true });
    const r = route([
      {
        toolCalls: [
          { name: "shell_run", args: { command: "rm -rf build" }, id: "s1" },
          { name: "lookup", args: { q: "tea" }, id: "l1" },
        ],
      },
      { text: "ok" },
    ]);
    const result = await h.turn([r], { user: "clean up", tools, hooks });
    expect(result.status).toBe("done");
    expect(ran).toEqual(["lookup:tea"]);
    const blocked = h.of("tool_result").find((e) => e.id === "s1")!;
    expect(blocked.status).toBe("refused");
    const stderr = 'shell is off in this crew ("tool_name":"Bash" "command":"rm -rf build")';
    expect(blocked.output).toBe(`Blocked by a PreToolUse hook: ${stderr}`);
    const seen = r.provider.requests[1]!.messages.find((m) => m.role === "tool" && m.tool_call_id === "s1");
    expect(seen?.content).toBe(blocked.output);
    expect(h.of("approval_required")).toEqual([]);
  });

  test("the crew wires kit hooks into each agent; a hook's environment holds no server secret", async () => {
    process.env.MY_CREW_TEST_SECRET_TOKEN = "sk-must-not-leak";
    try {
      const agent = crewOf(kitHome()).crew.get("default")!;
      const place = { workspace: agent.workspace, shell: agent.shell, conversationId: "c" };
      const hooks = kitToolHooks([rule("env >&2; exit 2")], place);
      const said = await hooks!.beforeTool({ id: "1", name: "file_read", args: { path: "a" } }, signal);
      expect(said).toContain("CLAUDE_PROJECT_DIR=");
      expect(said).not.toContain("sk-must-not-leak");
      expect(agent.hooks("c")).toBeDefined();
    } finally {
      delete process.env.MY_CREW_TEST_SECRET_TOKEN;
    }
  });

  test("exit 0 runs the call, exit 1 is logged and does not block, JSON deny blocks, a timeout does not", async () => {
    const logs: string[] = [];
    const c = { workspace: workspace(), conversationId: "c", log: (l: string) => logs.push(l) };
    const call = { id: "1", name: "shell_run", args: { command: "ls" } };
    const once = (command: string, more: Partial<HookRule> = {}) =>
      kitToolHooks([rule(command, more)], c)!.beforeTool(call, signal);
    expect(await once("cat >/dev/null; exit 0")).toBeNull();
    expect(await once("echo broken >&2; exit 1")).toBeNull();
    expect(logs.at(-1)).toContain("exit 1: broken");
    const deny = `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"not today"}}'`;
    expect(await once(deny)).toBe("Blocked by a PreToolUse hook: not today");
    expect(await once("sleep 30; exit 2", { timeoutSeconds: 0.2 })).toBeNull();
    expect(logs.at(-1)).toContain("timed out");
    expect(await once("exit 2", { matcher: "Read" })).toBeNull();
  });

  test("PostToolUse exit 2 adds its stderr to the result the model reads; the call still ran", async () => {
    const rules = [rule("echo 'lint failed' >&2; exit 2", { event: "PostToolUse", matcher: "write" })];
    const h = harness({ autonomous: true });
    const r = route([{ toolCalls: [{ name: "write", args: { path: "a.md" }, id: "w1" }] }, { text: "ok" }]);
    await h.turn([r], { user: "write", hooks: kitToolHooks(rules, { workspace: workspace(), conversationId: "c" }) });
    expect(ran).toEqual(["write:a.md"]);
    const output = "wrote a.md\n\nPostToolUse hook: lint failed";
    expect(h.of("tool_result")[0]).toMatchObject({ status: "done", output });
  });

  const noSandbox = !probeSandbox().bwrap;
  test.skipIf(noSandbox)("in the sandbox, a hook sees its kit folder but not the rest of the home", async () => {
    const home = kitHome({ "secret-notes.txt": "private" });
    const agent = crewOf(home).crew.get("default")!;
    expect(agent.shell).toBeDefined();
    const shell = { ...agent.shell, bwrap: probeSandbox().bwrap };
    const hooks = kitToolHooks(readKit(join(home, ".claude"), () => {}).hooks.map((h) => ({
      ...h,
      command: `ls "$CLAUDE_PROJECT_DIR/.claude/hooks" >&2; cat "$CLAUDE_PROJECT_DIR/secret-notes.txt" >&2; exit 2`,
    })), { workspace: agent.workspace, shell, conversationId: "c" });
    const said = await hooks!.beforeTool({ id: "1", name: "shell_run", args: { command: "ls" } }, signal);
    expect(said).toContain("no-shell.sh");
    expect(said).not.toContain("private");
  });
});
