// The host side of one tool_script run (H-28, H-34, H-36, H-37): which tools the guest may call, each call
// judged by the approval gate exactly as a direct call is, a call that needs a person stopping the script,
// delegations under `<tool_script call id>:<n>` with their spend carried on the script's result.
import { gate, type GatePolicy } from "../agent/gate.ts";
import type { ScriptHost } from "../script/types.ts";
import { TS } from "../texts/vi-script-tool.ts";
import { DELEGATE } from "./delegate.ts";
import { parseToolArgs, type Tool, type ToolContext, type ToolExtra } from "./define.ts";
import type { ScriptLlm } from "./script-llm.ts";
import type { ScriptSupport } from "./script-support.ts";

export const TOOL_SCRIPT = "tool_script";

/** H-28: read-only and never asking: replay-safe, no approval, no forced ask, not a question. */
export function readOnly(tool: Tool): boolean {
  return tool.replaySafe && !tool.requiresApproval && !tool.askReason && !tool.question;
}

/**
 * The tools a script of this agent may call. By default the read-only ones; with `script_calls: gated` the
 * writing ones too. Never tool_script itself or a question (nobody to answer inside a script), and delegate
 * only for gated agents (its own rule, H-36); `delegating` says whether this turn may delegate at all.
 */
export function scriptCallable(tools: Tool[], gated: boolean, delegating: boolean): Tool[] {
  return tools.filter((t) => {
    if (t.name === TOOL_SCRIPT || t.question) return false;
    if (t.name === DELEGATE) return gated && delegating;
    return gated || readOnly(t);
  });
}

export type HostRun = {
  host: ScriptHost;
  names: string[];
  /** Aborted when a call needs a person (or the turn is cut): the engine stops the script there. */
  signal: AbortSignal;
  /** Why the host stopped the script, when it did. */
  stopped: () => string | null;
  /** What delegations inside the script spent, carried on the script's result once (H-38). */
  spend: () => ToolExtra["delegatedSpend"];
};

export function scriptHost(
  callable: Tool[],
  ctx: ToolContext,
  support: ScriptSupport,
  llm: ScriptLlm,
  policy: GatePolicy,
): HostRun {
  const byName = new Map(callable.map((t) => [t.name, t]));
  const abort = new AbortController();
  const cut = () => abort.abort(ctx.signal.reason);
  if (ctx.signal.aborted) cut();
  else ctx.signal.addEventListener("abort", cut, { once: true });
  let stopped: string | null = null;
  let ordinal = 0;
  let spend: ToolExtra["delegatedSpend"];
  const stop = (message: string): never => {
    stopped = message;
    abort.abort("stopped");
    throw new Error(message);
  };
  const host: ScriptHost = {
    async callTool(name, args) {
      const n = ++ordinal;
      const tool = byName.get(name);
      if (!tool) throw new Error(`tools.${name} cannot be called from a script here.`);
      const parsed = parseToolArgs(tool, JSON.stringify(args ?? {}));
      if (!parsed.ok) throw new Error(parsed.message);
      const extra: ToolExtra = {};
      const callId = ctx.callId ? `${ctx.callId}:${n}` : undefined;
      const callCtx: ToolContext = {
        ...ctx, signal: abort.signal, callId, attach: (x) => void Object.assign(extra, x),
      };
      const decision = await gate(tool, parsed.args, callCtx, policy);
      if (decision.action === "refuse") throw new Error(`Refused: ${decision.reason}`);
      if (decision.action !== "run") {
        stop(support.job ? TS.jobNeedsHuman(name) : needsHuman(name));
      }
      try {
        return await tool.execute(parsed.args as never, callCtx);
      } catch (e) {
        throw new Error(TS.toolFailed((e as Error)?.message ?? String(e)));
      } finally {
        if (extra.delegatedSpend) spend = add(spend, extra.delegatedSpend);
      }
    },
    classify: (text, labels) => (++ordinal, llm.classify(text, labels, abort.signal)),
    summarise: (text, maxChars) => (++ordinal, llm.summarise(text, maxChars, abort.signal)),
    async load(key) {
      const json = support.book.load(key);
      return json === null ? undefined : JSON.parse(json);
    },
  };
  return { host, names: [...byName.keys()], signal: abort.signal, stopped: () => stopped, spend: () => spend };
}

function needsHuman(tool: string): string {
  return `The script was stopped: its call to ${tool} needs the owner's approval, which a script cannot wait ` +
    `for. Nothing it stored was kept. Make the ${tool} call directly (not from a script).`;
}

function add(a: ToolExtra["delegatedSpend"], b: NonNullable<ToolExtra["delegatedSpend"]>) {
  return { usd: (a?.usd ?? 0) + b.usd, unknownCalls: (a?.unknownCalls ?? 0) + b.unknownCalls };
}
