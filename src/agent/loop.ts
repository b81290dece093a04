// The agent loop: one turn over one conversation. Settle calls left open by a pause, then
// repeat — steer, cap check, model call, record, tools — until a final answer or a stop. It takes a
// provider chain, tools, an event sink and an abort signal; persistence is the injected TurnStore.
import type { ChainOptions } from "../llm/chain.ts";
import { costOf } from "../llm/pricing.ts";
import type { Route } from "../llm/types.ts";
import { toolSpec, type Tool, type ToolContext } from "../tools/define.ts";
import { T } from "../texts/vi.ts";
import type { EventSink, TurnResult } from "./events.ts";
import { callModel } from "./model-call.ts";
import { handleCalls, openCalls, type CallEnv } from "./tool-calls.ts";
import { shortenError, type Summariser } from "./tool-output.ts";
import type { TurnStore } from "./turn-store.ts";

export type TurnInput = {
  store: TurnStore;
  routes: Route[];
  /** Used at most once per turn when stuck (A-14…A-17); ignored when it equals a primary route. */
  escalation?: Route | null;
  tools: Tool[];
  system: string;
  emit: EventSink;
  signal: AbortSignal;
  toolContext: Omit<ToolContext, "signal">;
  limits: { maxSteps: number; toolOutputChars: number };
  /** The agent itself is autonomous (mode: work or autonomous: true). */
  agentAutonomous?: boolean;
  summarise?: Summariser;
  chain?: ChainOptions;
  log?: (line: string) => void;
};

/** Same tool call with the same arguments this many times in a row is a loop. */
export const LOOP_REPEATS = 3;

/** Never throws: an unexpected failure (a store error, a deleted conversation) ends the turn as error. */
export async function runTurn(input: TurnInput): Promise<TurnResult> {
  try {
    return await turn(input);
  } catch (e) {
    const detail = (e as Error)?.message ?? String(e);
    input.log?.(`turn ${input.store.runId} failed: ${(e as Error)?.stack ?? detail}`);
    try {
      input.store.finish({ status: "error", summary: shortenError(detail) });
    } catch {
      // The run may be gone with its conversation; the event below still tells the viewer.
    }
    input.emit({ type: "error", run_id: input.store.runId, message: T.turnFailed });
    return { runId: input.store.runId, status: "error", text: "", steps: 0 };
  }
}

async function turn(input: TurnInput): Promise<TurnResult> {
  const { store, emit, signal } = input;
  const runId = store.runId;
  let routes = input.routes;
  let escalation = input.escalation && !routes.some((r) => r.label === input.escalation!.label) ? input.escalation : null;
  let text = "";
  const recent: string[] = [];
  const env: CallEnv = {
    store,
    emit,
    tools: new Map(input.tools.map((t) => [t.name, t])),
    ctx: { ...input.toolContext, signal },
    policy: () => {
      const c = store.conversation();
      return { autonomous: c.autonomous || !!input.agentAutonomous, autoApprove: c.autoApprove };
    },
    toolOutputChars: input.limits.toolOutputChars,
    summarise: input.summarise,
  };
  const specs = input.tools.map(toolSpec);
  const steps = () => store.modelCalls();

  const end = (result: TurnResult): TurnResult => result;
  const stop = (): TurnResult => {
    // A server going down leaves the run `running` so the next boot resumes it (C-18).
    // A deleted conversation closes its run as interrupted (K-17); a Stop as cancelled (B-24).
    if (signal.reason === "deleted") store.finish({ status: "interrupted", summary: "conversation deleted" });
    else if (signal.reason !== "shutdown") store.finish({ status: "cancelled", summary: "stopped" });
    emit({ type: "error", run_id: runId, message: T.turnStopped });
    return end({ runId, status: "error", text, steps: steps() });
  };
  const escalate = (reason: "loop" | "routes_failed") => {
    const to = escalation!;
    store.recordStep({ type: "escalation", name: to.label, result: reason });
    emit({ type: "escalated", from: routes[0]?.label ?? "", to: to.label, reason });
    routes = [to];
    escalation = null;
  };

  if ((await handleCalls(env, openCalls(store.history()), false)) === "waiting") return waiting();

  for (;;) {
    if (signal.aborted) return stop();
    const steer = store.takeSteers();
    if (steer !== null) {
      store.recordStep({ type: "steer", name: "steer", result: steer });
      emit({ type: "steer", text: steer });
    }
    const conv = store.conversation();
    if (conv.costCapUsd > 0 && conv.spentUsd >= conv.costCapUsd) return halt("budget");
    if (steps() >= input.limits.maxSteps) return halt("max_steps");

    const req = { model: "", system: input.system, messages: store.history(), tools: specs, signal };
    const out = await callModel(routes, req, emit, input.chain);
    if (signal.aborted && signal.reason === "deleted") return stop();
    for (const f of out.fallbacks) {
      store.recordStep({ type: "fallback", name: f.from.label, result: shortenError(f.error.message), status: "error", startedAt: f.startedAt, endedAt: f.endedAt });
    }
    if (out.route && (!out.failure || out.failure.streamed)) {
      const usage = out.usage;
      const cost = out.failure ? null : costFor(out.route, usage);
      store.recordModelCall({
        provider: out.route.provider.name,
        model: out.route.model,
        text: out.text,
        toolCalls: out.failure ? [] : out.toolCalls,
        usage,
        costUsd: cost,
        startedAt: out.startedAt,
        endedAt: out.endedAt,
        error: out.failure ? shortenError(out.failure.error.message) : undefined,
      });
    }
    if (out.failure) {
      if (out.failure.error.kind === "aborted" || signal.aborted) return stop();
      if (out.failure.allFailed && escalation) {
        escalate("routes_failed");
        continue;
      }
      const message = !out.failure.allFailed ? T.modelFailed(shortenError(out.failure.error.message)) : routes.length === 0 ? T.noRoutes : T.allRoutesFailed;
      store.finish({ status: "error", summary: message });
      emit({ type: "error", run_id: runId, message });
      return end({ runId, status: "error", text: out.text, steps: steps() });
    }
    text = out.text;
    if (out.toolCalls.length === 0) {
      store.finish({ status: "done", summary: text.slice(0, 200) });
      emit({ type: "done", run_id: runId, text });
      return end({ runId, status: "done", text, steps: steps() });
    }
    recent.push(JSON.stringify(out.toolCalls.map((c) => [c.name, canonical(c.arguments)])));
    if (recent.length >= LOOP_REPEATS && recent.slice(-LOOP_REPEATS).every((s) => s === recent[recent.length - 1])) {
      for (const c of out.toolCalls) {
        const output = `Not run: this exact call was repeated ${LOOP_REPEATS} times in a row. Try a different approach or answer with what you have.`;
        store.recordToolResult({ toolCallId: c.id, name: c.name, arguments: c.arguments, output, status: "refused", startedAt: out.endedAt, endedAt: out.endedAt });
        emit({ type: "tool_result", id: c.id, name: c.name, status: "refused", output });
      }
      if (!escalation) return halt("loop");
      escalate("loop");
      recent.length = 0;
      continue;
    }
    if ((await handleCalls(env, out.toolCalls, true)) === "waiting") return waiting();
  }

  function halt(reason: "budget" | "max_steps" | "loop"): TurnResult {
    store.finish({ status: "halted", haltReason: reason, summary: reason });
    emit({ type: "halted", run_id: runId, reason, text });
    return end({ runId, status: "halted", text, steps: steps(), haltReason: reason });
  }
  function waiting(): TurnResult {
    store.finish({ status: "waiting" });
    return end({ runId, status: "approval_required", text, steps: steps() });
  }
}

function costFor(route: Route, usage: import("../llm/types.ts").Usage | null): number | null {
  if (!usage) return route.provider.free ? 0 : null;
  return costOf(route.provider.name, route.model, usage, route.provider.free);
}

/** Arguments compared as parsed JSON, so key order and spacing don't hide a repeat. */
function canonical(raw: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw;
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}
