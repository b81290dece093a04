// The alias table (one place for Claude Code's / opencode's tool names) and kit slash commands.
import { describe, expect, test } from "bun:test";
import { crewToolName, kitToolInput, kitToolName } from "../../../src/kits/alias.ts";
import { expandCommand } from "../../../src/kits/commands.ts";
import { matches } from "../../../src/kits/hooks.ts";
import type { AgentKit, KitCommand } from "../../../src/kits/types.ts";

const command = (name: string, body: string, steer = false): KitCommand =>
  ({ name, body, steer, description: "", file: "" });
const kit = (...commands: KitCommand[]): AgentKit => ({
  commands: new Map(commands.map((c) => [c.name, c])), skills: [], hooks: [], persona: null,
});

describe("the alias table", () => {
  test("kit names map to crew tools, patterns keep the tool, unknown names pass through", () => {
    const pairs = {
      Bash: "shell_run", Read: "file_read", Write: "file_write", Edit: "file_edit", WebFetch: "fetch_url",
      Grep: "file_search", Glob: "file_list", "Bash(git:*)": "shell_run", webfetch: "fetch_url",
      memory_save: "memory_save",
    };
    for (const [kitName, crew] of Object.entries(pairs)) {
      expect(`${kitName} → ${crewToolName(kitName)}`).toBe(`${kitName} → ${crew}`);
    }
  });

  test("a hook sees Claude Code's names: tool_name and file_path", () => {
    expect(kitToolName("shell_run")).toBe("Bash");
    expect(kitToolName("file_edit")).toBe("Edit");
    expect(kitToolName("progress_note")).toBe("TodoWrite");
    expect(kitToolName("ask_user")).toBe("ask_user");
    const input = kitToolInput("file_write", { path: "a.md", content: "x" });
    expect(input).toEqual({ path: "a.md", file_path: "a.md", content: "x" });
  });

  test("matchers match a whole name under any alias; * and empty match every tool", () => {
    expect(matches("Bash", "shell_run")).toBe(true);
    expect(matches("shell_run", "shell_run")).toBe(true);
    expect(matches("Edit|Write", "file_write")).toBe(true);
    expect(matches("Bash", "file_read")).toBe(false);
    expect(matches("Ba", "shell_run")).toBe(false);
    expect(matches("*", "file_read")).toBe(true);
    expect(matches("", "ask_user")).toBe(true);
  });
});

describe("kit slash commands", () => {
  const k = kit(command("review", "Review $ARGUMENTS now."), command("pair", "Compare $1 with $2."),
    command("plain", "Say hello."), command("focus", "Focus on $ARGUMENTS.", true));

  test("$ARGUMENTS, $1…$9 and appended arguments expand like Claude Code's", () => {
    const review = expandCommand(k, "/review src/a.ts");
    expect(review).toEqual({ name: "review", text: "Review src/a.ts now.", steer: false });
    expect(expandCommand(k, "/pair a.ts b.ts")?.text).toBe("Compare a.ts with b.ts.");
    expect(expandCommand(k, "/plain")?.text).toBe("Say hello.");
    expect(expandCommand(k, "/plain in French")?.text).toBe("Say hello.\n\nARGUMENTS: in French");
  });

  test("a steer command says so; an unknown /word or a path is no command", () => {
    expect(expandCommand(k, "/focus the tests")).toEqual({ name: "focus", text: "Focus on the tests.", steer: true });
    expect(expandCommand(k, "/tmp/x is full")).toBeNull();
    expect(expandCommand(k, "/nothing here")).toBeNull();
    expect(expandCommand(undefined, "/review x")).toBeNull();
  });
});
