import { describe, expect, test } from "bun:test";
import { askUser } from "../../../src/tools/ask-user.ts";
import { builtinTools, toolByName } from "../../../src/tools/builtin.ts";
import { parseToolArgs, toolSpec } from "../../../src/tools/define.ts";
import { progressNote } from "../../../src/tools/progress-note.ts";
import { args, context, failure, run, tempDir } from "./helpers.ts";

describe("ask_user", () => {
  test("needs no approval and returns the question with its options", () => {
    expect(askUser.requiresApproval).toBe(false);
    expect(askUser.replaySafe).toBe(false);
    expect(askUser.question?.(args(askUser, { question: "Which day?", options: ["Mon", "Tue"] }))).toEqual({
      question: "Which day?",
      options: ["Mon", "Tue"],
    });
    expect(askUser.question?.(args(askUser, { question: "  Why?  " }))).toEqual({ question: "Why?", options: [] });
    expect(askUser.summarize?.(args(askUser, { question: "Which day?" }))).toBe("Which day?");
  });

  test("at most 9 non-empty options, and a question is required", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `o${i}`);
    expect(parseToolArgs(askUser, JSON.stringify({ question: "q", options: ten })).ok).toBe(false);
    expect(parseToolArgs(askUser, JSON.stringify({ question: "q", options: ten.slice(0, 9) })).ok).toBe(true);
    expect(parseToolArgs(askUser, JSON.stringify({ question: "q", options: [""] })).ok).toBe(false);
    expect(parseToolArgs(askUser, JSON.stringify({ question: "   " })).ok).toBe(false);
  });

  test("execute is never the way it is answered, and says so", async () => {
    expect(await failure(askUser, { question: "q" }, context(tempDir()))).toMatch(/^ask_user is answered by the person, not executed/);
  });
});

describe("progress_note", () => {
  test("is replay-safe, needs no approval, and passes the text to ctx.progress", async () => {
    expect(progressNote.replaySafe).toBe(true);
    expect(progressNote.requiresApproval).toBe(false);
    const seen: string[] = [];
    const out = await run(progressNote, { text: "Read 3 of 5 reports." }, context(tempDir(), { progress: (t) => seen.push(t) }));
    expect(out).toBe("noted");
    expect(seen).toEqual(["Read 3 of 5 reports."]);
  });

  test("works without a listener, and caps the text at 500 characters", async () => {
    expect(await run(progressNote, { text: "x" }, context(tempDir()))).toBe("noted");
    expect(parseToolArgs(progressNote, JSON.stringify({ text: "x".repeat(501) })).ok).toBe(false);
    expect(parseToolArgs(progressNote, JSON.stringify({ text: "x".repeat(500) })).ok).toBe(true);
  });
});

describe("builtinTools", () => {
  const tools = builtinTools();

  test("lists every tool of this folder once", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["ask_user", "file_delete", "file_edit", "file_list", "file_read", "file_search", "file_write", "progress_note",
        "schedule_create", "shell_run", "fetch_url", "pdf_read", "image_read", "conversation_search", "artifact_list",
        "artifact_read", "artifact_create", "artifact_edit", "artifact_rewrite", "artifact_import", "artifact_export"]
        .sort(),
    );
  });

  test("exactly the read tools and progress_note are replay-safe; exactly the writers ask", () => {
    expect(tools.filter((t) => t.replaySafe).map((t) => t.name).sort()).toEqual(["artifact_list", "artifact_read",
      "conversation_search", "fetch_url", "file_list", "file_read", "file_search", "image_read", "pdf_read",
      "progress_note"]);
    expect(tools.filter((t) => t.requiresApproval).map((t) => t.name).sort()).toEqual(["artifact_export", "file_delete",
      "file_edit", "file_write", "schedule_create", "shell_run"]);
  });

  test("toolByName finds a tool or returns undefined", () => {
    expect(toolByName("file_read")?.name).toBe("file_read");
    expect(toolByName("nope")).toBeUndefined();
    expect(toolByName("x", [])).toBeUndefined();
  });

  test("every tool declares a JSON schema whose parameters all carry a description", () => {
    for (const tool of tools) {
      const spec = toolSpec(tool);
      expect(spec.description.length).toBeGreaterThan(40);
      const props = (spec.parameters.properties ?? {}) as Record<string, { description?: string }>;
      expect(Object.keys(props).length).toBeGreaterThan(0);
      for (const [key, prop] of Object.entries(props)) expect(`${tool.name}.${key}: ${prop.description ?? ""}`).toMatch(/: \S/);
    }
  });

  test("every tool summarises its call in one line", () => {
    for (const tool of tools) expect(typeof tool.summarize).toBe("function");
  });
});
