// The agent loop: one turn over one conversation. Close calls earlier cuts left open, settle
// calls left open by a pause (or a restart), then repeat — steer, cap check, model call, record, tools —
// until a final answer or a stop. It takes a provider chain, tools, an event sink and an abort signal;
// persistence is the injected TurnStore.
import type { ChainOptions } from "../llm/chain.ts";
import { unansweredCalls } from "../llm/history.ts";
import { costOf } from "../llm/pricing.ts";
import type { Route, Usage } from "../llm/types.ts";
import { toolSpec, type Tool, type ToolContext } from "../tools/define.ts";
import { crashPoint } from "../crash-point.ts";
import { T } from "../texts/vi.ts";
import { closeRun } from "./close-run.ts";
import { closeDangling, openCalls } from "./cut-calls.ts";
import type { EventSink, TurnResult } from "./events.ts";
import { allFailedWords, failureWords } from "./failure-words.ts";
import { callModel } from "./model-call.ts";
import { LOOP_REPEATS, repeated } from "./repeats.ts";
import { handleCalls, type CallEnv } from "./tool-calls.ts";
import { shortenError, type Summariser } from "./tool-output.ts";
import type { RunEnd, TurnStore } from "./turn-store.ts";

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
  /** The run was cut by a killed process and is resumed: settle its calls as C-26 says. */
  resume?: boolean;
};

/**
 * Never throws: an unexpected failure (a store error, a deleted conversation) ends the turn as error,
 * its open calls closed and its status write retried while the store fails (a full disk).
 */
export async function runTurn(input: TurnInput): Promise<TurnResult> {
  try {
    return await turn(input);
  } catch (e) {
    const { store, log } = input;
    const detail = (e as Error)?.message ?? String(e);
    log?.(`turn ${store.runId} failed: ${(e as Error)?.stack ?? detail}`);
    try {
      const history = store.history();
      closeDangling(store, history, openCalls(history).filter((c) => store.decisionFor(c.id)?.status === "pending"), input.emit);
    } catch {
      // The store itself is failing (or the conversation is gone): the next turn or boot closes them.
    }
    await closeRun(store, { status: "error", summary: shortenError(detail) }, log);
    input.emit({ type: "error", run_id: store.runId, message: T.turnFailed });
    return { runId: store.runId, status: "error", text: "", steps: 0 };
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

  const end = async (how: RunEnd, result: TurnResult): Promise<TurnResult> => {
    // A status write that still fails after its retries fails the turn; runTurn's catch tries once more.
    if (!(await closeRun(store, how, input.log))) throw new Error(`run ${runId}: status ${how.status} not stored`);
    return result;
  };
  const stop = async (): Promise<TurnResult> => {
    const result: TurnResult = { runId, status: "error", text, steps: steps() };
    // A server going down leaves the run `running` so the next boot resumes it (C-18).
    // A deleted conversation closes its run as interrupted (K-17); a Stop as cancelled (B-24).
    if (signal.reason === "deleted") await end({ status: "interrupted", summary: "conversation deleted" }, result);
    else if (signal.reason !== "shutdown") await end({ status: "cancelled", summary: "stopped" }, result);
    emit({ type: "error", run_id: runId, message: T.turnStopped });
    return result;
  };
  const fail = async (message: string, partial: string): Promise<TurnResult> => {
    const result = await end({ status: "error", summary: message }, { runId, status: "error", text: partial, steps: steps() });
    emit({ type: "error", run_id: runId, message });
    return result;
  };
  const halt = async (reason: "budget" | "max_steps" | "loop"): Promise<TurnResult> => {
    const result = await end({ status: "halted", haltReason: reason, summary: reason }, { runId, status: "halted", text, steps: steps(), haltReason: reason });
    emit({ type: "halted", run_id: runId, reason, text });
    return result;
  };
  const waiting = () => end({ status: "waiting" }, { runId, status: "approval_required", text, steps: steps() });
  const escalate = (reason: "loop" | "routes_failed") => {
    const to = escalation!;
    store.recordStep({ type: "escalation", name: to.label, result: reason });
    emit({ type: "escalated", from: routes[0]?.label ?? "", to: to.label, reason });
    routes = [to];
    escalation = null;
  };

  // Calls an earlier, cut turn left without a result are closed before anything else (K-10); the
  // calls of the last assistant message are this turn's to settle (a pause, or a restart).
  const history = store.history();
  const open = openCalls(history);
  closeDangling(store, history, open, emit);
  if ((await handleCalls(env, open, input.resume ? "resume" : "settle")) === "waiting") return waiting();

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

    const messages = store.history();
    const unanswered = unansweredCalls(messages);
    // Never expected: every cut closes its calls. The clients still send a valid history (validHistory).
    if (unanswered.length > 0) input.log?.(`run ${runId}: history has unanswered calls ${unanswered.map((u) => u.call.id).join(", ")}`);
    const out = await callModel(routes, { model: "", system: input.system, messages, tools: specs, signal }, emit, input.chain);
    if (signal.aborted && signal.reason === "deleted") return stop();
    for (const f of out.fallbacks) {
      store.recordStep({ type: "fallback", name: f.from.label, result: shortenError(f.error.message), status: "error", startedAt: f.startedAt, endedAt: f.endedAt });
    }
    if (out.route && (!out.failure || out.failure.streamed)) {
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
    if (out.failure) {
      if (out.failure.error.kind === "aborted" || signal.aborted) return stop();
      if (out.failure.allFailed && escalation) {
        escalate("routes_failed");
        continue;
      }
      const tried = out.fallbacks.map((f) => ({ provider: f.from.provider.name, error: f.error }));
      const words = !out.failure.allFailed ? failureWords(out.route!.provider.name, out.failure.error) : routes.length === 0 ? T.noRoutes : allFailedWords(tried);
      return fail(words, out.text);
    }
    text = out.text;
    if (out.toolCalls.length === 0) {
      crashPoint("run-finish");
      const result = await end({ status: "done", summary: text.slice(0, 200) }, { runId, status: "done", text, steps: steps() });
      emit({ type: "done", run_id: runId, text });
      return result;
    }
    if (repeated(recent, out.toolCalls)) {
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
    if ((await handleCalls(env, out.toolCalls, "new")) === "waiting") return waiting();
  }
}

function costFor(route: Route, usage: Usage | null): number | null {
  if (!usage) return route.provider.free ? 0 : null;
  return costOf(route.provider.name, route.model, usage, route.provider.free);
}
