// Kit hooks as the loop's ToolHooks (F-17): PreToolUse before the gate, PostToolUse after a call ran,
// matched under every alias of the tool; UserPromptSubmit and Stop come from src/kits/turn-hooks.ts. Exit 2
// (or JSON `decision: "block"` / `permissionDecision: "deny"`) blocks; other failures are logged only.
import type { HookCall, ToolHooks } from "../agent/hooks.ts";
import { kitToolInput, kitToolName, namesOf } from "./alias.ts";
import { blockReason, failure, runHook, type HookContext } from "./hook-run.ts";
import { kitTurnHooks } from "./turn-hooks.ts";
import type { HookEvent, HookRule } from "./types.ts";

/** undefined when the agent has no hooks, so the loop skips the hook points entirely. */
export function kitToolHooks(rules: HookRule[], c: HookContext): ToolHooks | undefined {
  if (rules.length === 0) return undefined;
  const run = async (event: HookEvent, call: HookCall, signal: AbortSignal, extra: object = {}) => {
    for (const rule of rules.filter((r) => r.event === event && matches(r.matcher, call.name))) {
      const payload = {
        session_id: c.conversationId ?? "",
        transcript_path: "",
        cwd: c.workspace,
        hook_event_name: event,
        tool_name: kitToolName(call.name),
        tool_input: kitToolInput(call.name, call.args),
        ...extra,
      };
      const out = await runHook(rule, payload, c, signal);
      const reason = blockReason(out);
      if (reason !== null) return reason;
      if (out.exitCode !== 0) c.log?.(`${event} hook "${rule.command}" failed: ${failure(out)}`);
    }
    return null;
  };
  return {
    ...kitTurnHooks(rules, c),
    async beforeTool(call, signal) {
      const reason = await run("PreToolUse", call, signal);
      return reason === null ? null : `Blocked by a PreToolUse hook: ${reason || "no reason given"}`;
    },
    async afterTool(call, output, signal) {
      const reason = await run("PostToolUse", call, signal, { tool_response: output });
      return reason === null ? null : `PostToolUse hook: ${reason || "no reason given"}`;
    },
  };
}

/** Claude Code's matcher: empty or `*` is every tool, else a regex that must match a whole name. */
export function matches(matcher: string, crewName: string): boolean {
  if (matcher === "" || matcher === "*") return true;
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${matcher})$`);
  } catch {
    return namesOf(crewName).includes(matcher);
  }
  return namesOf(crewName).some((n) => re.test(n));
}
