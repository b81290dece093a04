// The approval gate (D-*): decides, for one parsed tool call, whether it runs, is refused, or pauses
// the turn for a person. Order matters: hard refusal → forced ask (ask_reason, fail closed) →
// question → no approval needed → autonomy → auto_approve → ask. It depends on no scheduler.
import type { Tool, ToolContext } from "../tools/define.ts";

export type GateDecision =
  | { action: "run" }
  | { action: "refuse"; reason: string }
  /** `reason` non-null: forced by the tool; the card shows it and hides "always" (D-17). */
  | { action: "ask"; reason: string | null }
  | { action: "question"; question: string; options: string[] };

export type GatePolicy = {
  /** The conversation or the agent is autonomous (D-03, D-19). */
  autonomous: boolean;
  /** Tools the owner allowed "always" in this conversation (D-07). */
  autoApprove: readonly string[];
};

export async function gate(tool: Tool, args: unknown, ctx: ToolContext, policy: GatePolicy): Promise<GateDecision> {
  const refusal = await hardRefusal(tool, args, ctx);
  if (refusal) return { action: "refuse", reason: refusal };
  const forced = forcedReason(tool, args);
  if (forced !== null) return { action: "ask", reason: forced };
  if (tool.question) {
    const q = tool.question(args as never);
    return { action: "question", question: q.question, options: q.options };
  }
  if (!tool.requiresApproval) return { action: "run" };
  if (policy.autonomous) return { action: "run" };
  if (policy.autoApprove.includes(tool.name)) return { action: "run" };
  return { action: "ask", reason: null };
}

/** A refusal no approval can override (D-04). A throwing check refuses too: never run blind. */
async function hardRefusal(tool: Tool, args: unknown, ctx: ToolContext): Promise<string | null> {
  if (!tool.refuse) return null;
  try {
    return (await tool.refuse(args as never, ctx)) || null;
  } catch (e) {
    return `The call could not be checked and was refused: ${(e as Error)?.message ?? e}`;
  }
}

/**
 * null = no forced ask. Otherwise the reason verbatim; "" when the tool gave an empty reason or its
 * ask_reason threw — the call still pauses (fail closed, D-15), the card then shows only the tool.
 */
export function forcedReason(tool: Tool, args: unknown): string | null {
  if (!tool.askReason) return null;
  try {
    const reason = tool.askReason(args as never);
    return reason === null ? null : reason.trim();
  } catch {
    return "";
  }
}
