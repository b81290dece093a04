// Kit hooks as the loop's ToolHooks (F-17): PreToolUse before the gate, PostToolUse after a call ran,
// matched under every alias of the tool. Exit 2 (or JSON `decision: "block"` / `permissionDecision:
// "deny"`) blocks with the reason the model reads; other failures are logged and do not block.
import type { HookCall, ToolHooks } from "../agent/hooks.ts";
import { kitToolInput, kitToolName, namesOf } from "./alias.ts";
import { runHook, type HookOutcome, type HookPlace } from "./hook-run.ts";
import type { HookEvent, HookRule } from "./types.ts";

export type HookContext = HookPlace & { conversationId: string | null; log?: (line: string) => void };

/** undefined when the agent has no tool hooks, so the loop skips the hook points entirely. */
export function kitToolHooks(rules: HookRule[], c: HookContext): ToolHooks | undefined {
  if (!rules.some((r) => r.event === "PreToolUse" || r.event === "PostToolUse")) return undefined;
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

/** null: not blocked; otherwise the reason ("" when the hook gave none). */
function blockReason(out: HookOutcome): string | null {
  if (out.exitCode === 2) return out.stderr;
  if (out.exitCode !== 0) return null;
  const json = parseJson(out.stdout);
  type Specific = { permissionDecision?: string; permissionDecisionReason?: string } | undefined;
  const specific = json?.hookSpecificOutput as Specific;
  if (specific?.permissionDecision === "deny") return String(specific.permissionDecisionReason ?? "");
  if (json?.decision === "block") return String(json.reason ?? "");
  return null;
}

function parseJson(s: string): Record<string, unknown> | null {
  const t = s.trim();
  if (!t.startsWith("{")) return null;
  try {
    return JSON.parse(t) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function failure(out: HookOutcome): string {
  if (out.timedOut) return "timed out";
  const how = out.exitCode === null ? "not run" : `exit ${out.exitCode}`;
  return out.stderr ? `${how}: ${out.stderr.split("\n")[0]}` : how;
}
