// Kit hooks at the turn's edges (F-17), Claude Code's contract: UserPromptSubmit gets the owner's `prompt`
// (exit 2 or JSON `decision: "block"` blocks the turn; other stdout, or `additionalContext`, is context for
// the model); Stop gets `stop_hook_active` (a block keeps the turn going with its reason). Matchers do not apply.
import type { PromptVerdict, ToolHooks } from "../agent/hooks.ts";
import { blockReason, failure, parseJson, runHook, type HookContext, type HookOutcome } from "./hook-run.ts";
import type { HookEvent, HookRule } from "./types.ts";

type TurnHooks = Pick<ToolHooks, "promptSubmitted" | "beforeStop">;

export function kitTurnHooks(rules: HookRule[], c: HookContext): TurnHooks {
  /** Runs the event's hooks in order; stops at the first block and returns it, else every outcome. */
  const run = async (event: HookEvent, extra: object, signal: AbortSignal) => {
    const outcomes: HookOutcome[] = [];
    for (const rule of rules.filter((r) => r.event === event)) {
      const payload = { session_id: c.conversationId ?? "", transcript_path: "", cwd: c.workspace };
      const out = await runHook(rule, { ...payload, hook_event_name: event, ...extra }, c, signal);
      const reason = blockReason(out);
      if (reason !== null) return { blocked: reason, outcomes };
      if (out.exitCode !== 0) c.log?.(`${event} hook "${rule.command}" failed: ${failure(out)}`);
      else outcomes.push(out);
    }
    return { blocked: null, outcomes };
  };
  const hooks: TurnHooks = {};
  if (rules.some((r) => r.event === "UserPromptSubmit")) {
    hooks.promptSubmitted = async (prompt, signal): Promise<PromptVerdict | null> => {
      const { blocked, outcomes } = await run("UserPromptSubmit", { prompt }, signal);
      if (blocked !== null) return { block: blocked };
      const context = outcomes.map(contextOf).filter((s) => s !== "").join("\n\n");
      return context === "" ? null : { context };
    };
  }
  if (rules.some((r) => r.event === "Stop")) {
    hooks.beforeStop = async (_answer, again, signal) =>
      (await run("Stop", { stop_hook_active: again }, signal)).blocked;
  }
  return hooks;
}

/** Plain stdout is context as it is; a JSON stdout gives only its hookSpecificOutput.additionalContext. */
function contextOf(out: HookOutcome): string {
  const json = parseJson(out.stdout);
  if (json === null) return out.stdout.trim();
  const specific = json.hookSpecificOutput as { additionalContext?: unknown } | undefined;
  return typeof specific?.additionalContext === "string" ? specific.additionalContext.trim() : "";
}
