// tool_script(code) (H-27…H-42): the agent writes a JavaScript script that calls its tools and llm.*, run by
// the QuickJS engine in a child process; only what the script prints comes back. Its store() writes are kept
// only when it finished, in one transaction that re-measures the store's limits (H-42).
import { z } from "zod";
import type { ScriptRequest, ScriptResult } from "../script/types.ts";
import { TS } from "../texts/vi-script-tool.ts";
import { defineTool, type Tool, type ToolContext } from "./define.ts";
import { scriptCallable, scriptHost, TOOL_SCRIPT } from "./script-host.ts";
import { scriptLlm } from "./script-llm.ts";

export { TOOL_SCRIPT } from "./script-host.ts";

export type ScriptRunner = (req: ScriptRequest) => Promise<ScriptResult>;

/** What an agent's tool_script is built from: its other tools and its `script_calls`. */
export type ScriptToolDeps = { tools: Tool[]; gated: boolean; run: ScriptRunner };

/** How one script ended, for a turn's tool result or a script job's step and reason. */
export type ScriptOutcome = {
  status: "done" | "error" | "interrupted";
  /** What the script printed, then the sentence saying why it stopped (if it did). */
  text: string;
  printed: string;
  /** One line for a failing job's notice (L-73): never the script's code. */
  reason: string | null;
};

const params = z.object({
  code: z.string().min(1).max(100_000).describe("The JavaScript to run. Only what it print()s comes back to you."),
});

export function scriptTool(d: ScriptToolDeps): Tool {
  const names = scriptCallable(d.tools, d.gated, d.gated).map((t) => t.name);
  return defineTool({
    name: TOOL_SCRIPT,
    description:
      "Run a short JavaScript script (QuickJS) instead of many tool calls: call a tool many times, or keep only " +
      "the few lines of a long result you need. Only what the script prints with print(...) comes back. " +
      "The script sees: await tools.<name>(args) (resolves to the tool's text result), " +
      "await llm.classify(text, labels), await llm.summarise(text, maxChars), store(key, value) and " +
      "await load(key) for values kept between runs, print(...). No network, no files, no modules. " +
      `Tools it may call: ${names.join(", ") || "none"}.` +
      (d.gated ? " Writing tools are judged like direct calls; one that needs approval stops the script." : ""),
    params,
    requiresApproval: false,
    // A gated script may have written before a restart cut it, and nothing records what (H-35).
    replaySafe: !d.gated,
    summarize: (args) => args.code.split("\n").find((l) => l.trim()) ?? "",
    async execute(args, ctx) {
      const out = await runToolScript(d, args.code, ctx);
      if (out.status === "interrupted") throw new Error("the script was cut before it finished");
      return out.text || "(the script printed nothing)";
    },
  });
}

/** H-27: an agent holding at least one script-callable tool also holds tool_script, whatever `tools` says. */
export function withScriptTool(d: ScriptToolDeps): Tool[] {
  return scriptCallable(d.tools, d.gated, d.gated).length > 0 ? [...d.tools, scriptTool(d)] : d.tools;
}

/** Runs one script to its end (a turn's call, or a script job's one step) and keeps its writes if it finished. */
export async function runToolScript(d: ScriptToolDeps, code: string, ctx: ToolContext): Promise<ScriptOutcome> {
  const support = ctx.script;
  if (!support) throw new Error("tool_script cannot run here: there is no script store for this call.");
  const delegating = !support.job && !!ctx.delegator;
  const callable = scriptCallable(d.tools, d.gated, delegating);
  const policy = ctx.policy?.() ?? { autonomous: false, autoApprove: [] };
  const run = scriptHost(callable, ctx, support, scriptLlm(support), policy);
  let result: ScriptResult;
  try {
    result = await d.run({ code, tools: run.names, host: run.host, signal: run.signal });
  } finally {
    const spend = run.spend();
    if (spend) ctx.attach?.({ delegatedSpend: spend });
  }
  // print() ends each line with a newline; the last one carries nothing.
  result = { ...result, printed: result.printed.replace(/\n+$/, "") };
  const stopped = run.stopped();
  if (stopped !== null) return failed(result.printed, stopped);
  if (ctx.signal.aborted) return { status: "interrupted", text: result.printed, printed: result.printed, reason: null };
  if (!result.ok) return failed(result.printed, result.error);
  try {
    const writes = result.stores.map((s) => ({
      key: s.key, valueJson: s.value == null ? null : JSON.stringify(s.value),
    }));
    if (writes.length > 0) support.book.commit(writes);
  } catch (e) {
    return failed(result.printed, TS.storeFailed((e as Error).message));
  }
  return { status: "done", text: result.printed, printed: result.printed, reason: null };
}

function failed(printed: string, why: string): ScriptOutcome {
  return { status: "error", text: printed ? `${printed}\n\n${why}` : why, printed, reason: why };
}
