// One model call of a turn through the chain: forwards text and thinking as turn events while they
// stream, assembles the answer (text, tool calls, usage) and records it at the step boundary.
// Streamed tokens live only here, in memory (C-30).
import { crashPoint } from "../crash-point.ts";
import { streamChain, type ChainOptions } from "../llm/chain.ts";
import { costOf } from "../llm/pricing.ts";
import type { ModelRequest, ProviderError, Route, ToolCall, Usage } from "../llm/types.ts";
import type { EventSink } from "./events.ts";
import { shortenError } from "./tool-output.ts";
import type { TurnStore } from "./turn-store.ts";

/** Canvas-writing tools stream their arguments to the tab; others don't flood the stream. */
const STREAMED_ARGS = new Set(["artifact_create", "artifact_edit", "artifact_rewrite"]);

export type Fallback = { from: Route; to: Route | null; error: ProviderError; startedAt: string; endedAt: string };

export type ModelCallOutcome = {
  route: Route | null;
  text: string;
  toolCalls: ToolCall[];
  usage: Usage | null;
  startedAt: string;
  endedAt: string;
  fallbacks: Fallback[];
  /** Set when the call failed; `allFailed` when no route produced anything. */
  failure?: { error: ProviderError; allFailed: boolean; streamed: boolean };
};

export async function callModel(
  routes: Route[],
  req: ModelRequest,
  emit: EventSink,
  opts: ChainOptions = {},
): Promise<ModelCallOutcome> {
  const out: ModelCallOutcome = {
    route: null,
    text: "",
    toolCalls: [],
    usage: null,
    startedAt: new Date().toISOString(),
    endedAt: "",
    fallbacks: [],
  };
  let calls = new Map<number, ToolCall>();
  let thinkingShown = false;
  let streaming = false;
  for await (const item of streamChain(routes, req, opts)) {
    if (!streaming && (item.kind === "text" || item.kind === "tool_call_delta")) {
      streaming = true;
      crashPoint("model-stream");
    }
    switch (item.kind) {
      case "attempt":
        // A retry or a fallback starts over: nothing of the failed attempt is kept.
        Object.assign(out, { route: item.route, text: "", usage: null, startedAt: item.startedAt });
        calls = new Map();
        break;
      case "text":
        out.text += item.text;
        emit({ type: "text_delta", text: item.text });
        break;
      case "thinking":
        if (!thinkingShown) emit({ type: "thinking" });
        thinkingShown = true;
        break;
      case "tool_call_delta": {
        const call = calls.get(item.index) ?? { id: "", name: "", arguments: "" };
        if (item.id) call.id = item.id;
        if (item.name) call.name = item.name;
        call.arguments += item.args;
        calls.set(item.index, call);
        if (STREAMED_ARGS.has(call.name) && item.args) {
          emit({ type: "tool_call_delta", id: call.id || `idx${item.index}`, name: call.name, delta: item.args });
        }
        break;
      }
      case "usage":
        out.usage = mergeUsage(out.usage, item.usage);
        break;
      case "route_retry":
        emit({ type: "route_retry", route: item.route.label, error: item.error.message });
        break;
      case "fallback":
        out.fallbacks.push(item);
        emit({ type: "fallback", from: item.from.label, to: item.to?.label ?? null, error: item.error.message });
        break;
      case "failed":
        out.failure = { error: item.error, allFailed: item.allFailed, streamed: item.streamed };
        if (item.allFailed) out.route = null;
        break;
      case "end":
        break;
    }
  }
  out.toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([i, c]) => ({ ...c, id: c.id || `call_${i}_${crypto.randomUUID().slice(0, 8)}` }));
  out.endedAt = new Date().toISOString();
  return out;
}

/**
 * Records a call at its boundary: each failed route as a `fallback` step, then what the answering route
 * produced (message + step + spend, one transaction). A call that failed after streaming is kept, with
 * what it produced and an unknown cost; one that produced nothing leaves no model step.
 */
export function recordCall(store: TurnStore, out: ModelCallOutcome): void {
  for (const f of out.fallbacks) {
    const result = shortenError(f.error.message);
    const at = { startedAt: f.startedAt, endedAt: f.endedAt };
    store.recordStep({ type: "fallback", name: f.from.label, result, status: "error", ...at });
  }
  if (!out.route || (out.failure && !out.failure.streamed)) return;
  store.recordModelCall({
    provider: out.route.provider.name,
    model: out.route.model,
    text: out.text,
    toolCalls: out.failure ? [] : out.toolCalls,
    usage: out.usage,
    costUsd: out.failure ? null : costFor(out.route, out.usage),
    startedAt: out.startedAt,
    endedAt: out.endedAt,
    error: out.failure ? shortenError(out.failure.error.message) : undefined,
  });
}

function costFor(route: Route, usage: Usage | null): number | null {
  if (!usage) return route.provider.free ? 0 : null;
  return costOf(route.provider.name, route.model, usage, route.provider.free);
}

function mergeUsage(a: Usage | null, b: Usage): Usage {
  if (!a) return { ...b };
  const pick = (x: number | null, y: number | null) => (y ?? x);
  return {
    inputTokens: pick(a.inputTokens, b.inputTokens),
    outputTokens: pick(a.outputTokens, b.outputTokens),
    cachedTokens: pick(a.cachedTokens, b.cachedTokens),
    reasoningTokens: pick(a.reasoningTokens, b.reasoningTokens),
    costUsd: b.costUsd ?? a.costUsd,
  };
}
