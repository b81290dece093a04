// Tool calls of a turn: each goes through the gate and then runs, is refused, or pauses the turn for
// a decision. Settling re-reads the stored decisions for calls left open when the turn paused, so a
// continuation needs nothing from memory (D-01, C-21). A cut closes every call it leaves (C-26), and a
// resumed turn never re-runs a call that may have run unless the tool is replay-safe (C-25).
import { crashPoint } from "../crash-point.ts";
import type { ToolCall } from "../llm/types.ts";
import { parseToolArgs, summarizeCall, type Tool, type ToolContext, type ToolExtra } from "../tools/define.ts";
import { CUT, cutReason, record } from "./cut-calls.ts";
import type { EventSink } from "./events.ts";
import type { ToolHooks } from "./hooks.ts";
import { gate, type GatePolicy } from "./gate.ts";
import { limitOutput, shortenError, type Summariser } from "./tool-output.ts";
import type { ToolResultRecord, TurnStore } from "./turn-store.ts";

export type CallEnv = {
  store: TurnStore;
  tools: Map<string, Tool>;
  emit: EventSink;
  ctx: ToolContext;
  policy: () => GatePolicy;
  toolOutputChars: number;
  summarise?: Summariser;
  /** Results a tool offered as the turn's final answer, by call id (F-12 relay). */
  offers?: Map<string, string>;
  /** Kits' PreToolUse/PostToolUse hooks (F-17); absent = none. */
  hooks?: ToolHooks;
};

/**
 * `new`: calls the model just made (announced). `settle`: calls left open by a pause. `resume`: calls a
 * killed process left open — one that may have run is re-run only when its tool is replay-safe (C-26).
 */
export type CallMode = "new" | "settle" | "resume";

/** Runs `calls` in order; stops at the first that needs a person and returns "waiting". */
export async function handleCalls(env: CallEnv, calls: ToolCall[], mode: CallMode): Promise<"ok" | "waiting"> {
  for (const [i, call] of calls.entries()) {
    if (env.ctx.signal.aborted) {
      // Cut before these started: each still gets a result saying it never ran.
      for (const rest of calls.slice(i)) finish(env, rest, "interrupted", CUT.notStarted(cutReason(env.ctx.signal)));
      return "ok";
    }
    crashPoint("tool-before");
    const tool = env.tools.get(call.name);
    const parsed = tool ? parseToolArgs(tool, call.arguments) : null;
    if (mode === "new") {
      const summary = summarizeCall(tool, parsed?.ok ? parsed.args : undefined, call.arguments);
      env.emit({ type: "tool_call", id: call.id, name: call.name, arguments: call.arguments, summary });
    }
    const decided = env.store.decisionFor(call.id);
    if (decided?.status === "pending") return "waiting";
    if (decided) {
      await applyDecision(env, call, tool, parsed, decided.status, decided.answer, mode);
      continue;
    }
    if (!tool) {
      const names = [...env.tools.keys()].join(", ");
      finish(env, call, "error", `Unknown tool "${call.name}". Available tools: ${names || "none"}.`);
      continue;
    }
    if (!parsed!.ok) {
      finish(env, call, "error", parsed!.message);
      continue;
    }
    // A blocking hook stops the call before anyone is asked; its reason is the result (F-17).
    const blocked = await env.hooks?.beforeTool({ id: call.id, name: call.name, args: parsed!.args }, env.ctx.signal);
    if (blocked != null) {
      finish(env, call, "refused", blocked);
      continue;
    }
    const decision = await gate(tool, parsed!.args, { ...env.ctx, callId: call.id }, env.policy());
    if (decision.action === "refuse") {
      finish(env, call, "refused", `Refused, and no approval can change this: ${decision.reason}`);
    } else if (decision.action === "run") {
      await runOrCut(env, call, tool, parsed!.args, mode);
    } else {
      pause(env, call, tool, parsed!.args, decision);
      return "waiting";
    }
  }
  return "ok";
}

async function applyDecision(
  env: CallEnv,
  call: ToolCall,
  tool: Tool | undefined,
  parsed: ReturnType<typeof parseToolArgs> | null,
  status: string,
  answer: string | null,
  mode: CallMode,
) {
  if (status === "answered") return finish(env, call, "done", answer ?? "");
  if (status === "denied") {
    const msg = "The owner denied this call. Do not try it again unless they ask; continue without it.";
    return finish(env, call, "denied", msg);
  }
  if (status === "expired") {
    const what = tool?.question
      ? "Nobody answered the question before the deadline."
      : "Nobody approved this call before the deadline, so it was not run.";
    return finish(env, call, "expired", `${what} Continue without it.`);
  }
  if (!tool || !parsed?.ok) {
    const msg = `The approved call to "${call.name}" can no longer run: the tool or its arguments are not valid.`;
    return finish(env, call, "error", msg);
  }
  const ctx = { ...env.ctx, callId: call.id };
  const refusal = tool.refuse
    ? await Promise.resolve(tool.refuse(parsed.args as never, ctx)).catch((e: Error) => e.message)
    : null;
  if (refusal) return finish(env, call, "refused", `Refused, and no approval can change this: ${refusal}`);
  await runOrCut(env, call, tool, parsed.args, mode);
}

/** An allowed call: runs, unless a restart cut it and running it again could change something (C-26). */
async function runOrCut(env: CallEnv, call: ToolCall, tool: Tool, args: unknown, mode: CallMode) {
  if (mode === "resume" && !tool.replaySafe) return finish(env, call, "interrupted", CUT.unknown);
  await execute(env, call, tool, args);
}

function pause(
  env: CallEnv,
  call: ToolCall,
  tool: Tool,
  args: unknown,
  d: { action: "ask"; reason: string | null } | { action: "question"; question: string; options: string[] },
) {
  if (d.action === "question") {
    const r = env.store.requestDecision({
      toolCallId: call.id,
      tool: tool.name,
      arguments: args,
      reason: d.question,
      kind: "question",
      options: d.options,
    });
    env.emit({
      type: "question",
      approval_id: r.id,
      tool_call_id: call.id,
      question: d.question,
      options: d.options,
      deadline_at: r.deadlineAt,
    });
    return;
  }
  const r = env.store.requestDecision({
    toolCallId: call.id,
    tool: tool.name,
    arguments: args,
    reason: d.reason,
    kind: "approval",
  });
  env.emit({
    type: "approval_required",
    approval_id: r.id,
    tool_call_id: call.id,
    tool: tool.name,
    arguments: call.arguments,
    summary: summarizeCall(tool, args, call.arguments),
    reason: d.reason,
    deadline_at: r.deadlineAt,
  });
}

async function execute(env: CallEnv, call: ToolCall, tool: Tool, args: unknown) {
  const startedAt = new Date().toISOString();
  const extra: ToolExtra = {};
  const ctx: ToolContext = { ...env.ctx, callId: call.id, attach: (x) => void Object.assign(extra, x) };
  const spend = () => extra.delegatedSpend;
  try {
    const running = tool.execute(args as never, ctx);
    crashPoint("tool-started");
    const raw = await running;
    crashPoint("tool-done");
    const output = await limitOutput(raw, env.toolOutputChars, env.summarise);
    if (extra.relay !== undefined) env.offers?.set(call.id, extra.relay);
    const note = await env.hooks?.afterTool({ id: call.id, name: call.name, args }, output, env.ctx.signal);
    finish(env, call, "done", note ? `${output}\n\n${note}` : output, startedAt, spend());
  } catch (e) {
    const signal = env.ctx.signal;
    const cut = CUT.whileRunning(cutReason(signal));
    if (signal.aborted) return finish(env, call, "interrupted", cut, startedAt, spend());
    const message = (e as Error)?.message ?? String(e);
    finish(env, call, "error", `Error: ${shortenError(message)}`, startedAt, spend());
  }
}

function finish(
  env: CallEnv,
  call: ToolCall,
  status: ToolResultRecord["status"],
  output: string,
  startedAt?: string,
  delegatedSpend?: ToolExtra["delegatedSpend"],
) {
  record(env.store, call, status, output, env.emit, startedAt, delegatedSpend);
}
