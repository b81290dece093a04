// The agent loop: one turn over one conversation. Close calls earlier cuts left open, settle calls
// left open by a pause (or a restart), then repeat — steer, cap check, model call, record, tools — until a
// final answer or a stop. Provider chain, tools, event sink, abort signal; persistence is the TurnStore.
import type { ChainOptions } from "../llm/chain.ts";
import type { Route } from "../llm/types.ts";
import type { Tool, ToolContext } from "../tools/define.ts";
import { crashPoint } from "../crash-point.ts";
import { T } from "../texts/vi.ts";
import { closeRun } from "./close-run.ts";
import { type ContextPort, nextRequest } from "./context.ts";
import { checkHistory, closeDangling, openCalls } from "./cut-calls.ts";
import { deferral } from "./deferred.ts";
import type { EventSink, TurnEvent, TurnResult, TurnStatus } from "./events.ts";
import { callFailureWords } from "./failure-words.ts";
import { callModel, recordCall } from "./model-call.ts";
import { relayable } from "./relay.ts";
import { refuseRepeated, repeated } from "./repeats.ts";
import type { ToolHooks } from "./hooks.ts";
import { handleCalls, type CallEnv } from "./tool-calls.ts";
import { shortenError, type Summariser } from "./tool-output.ts";
import { openTurn } from "./turn-hooks.ts";
import type { RunEnd, TurnStore } from "./turn-store.ts";
import { wrappingUp, wrapUpSystem } from "./wrap-up.ts";

type HaltReason = "budget" | "max_steps" | "loop";

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
  /** A delegated child: from this model call on it is told to conclude and has no tools. */
  wrapUpFrom?: number;
  /** Hooks around each tool call, at the turn's opening and before it ends (kits, F-17). */
  hooks?: ToolHooks;
  /** Keeps the context under the model's window before each call (issue 20); none: the history as it is. */
  context?: ContextPort;
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
      const pending = openCalls(history).filter((c) => store.decisionFor(c.id)?.status === "pending");
      closeDangling(store, history, pending, input.emit);
    } catch {
      // The store itself is failing (or the conversation is gone): the next turn or boot closes them.
    }
    await closeRun(store, { status: "error", summary: shortenError(detail) }, log);
    input.emit({ type: "error", run_id: store.runId, message: T.turnFailed });
    return { runId: store.runId, status: "error", text: "", steps: 0, errorType: (e as Error)?.name ?? "Error" };
  }
}

async function turn(input: TurnInput): Promise<TurnResult> {
  const { store, emit, signal, escalation: esc } = input;
  const runId = store.runId;
  let routes = input.routes;
  let escalation = esc && !routes.some((r) => r.label === esc.label) ? esc : null;
  let text = "";
  const deferred = deferral(input.tools, store.history());
  const recent: string[] = [];
  const env: CallEnv = {
    store,
    emit,
    tools: deferred.tools,
    ctx: { ...input.toolContext, signal, policy: () => env.policy() },
    policy: () => {
      const c = store.conversation();
      return { autonomous: c.autonomous || !!input.agentAutonomous, autoApprove: c.autoApprove };
    },
    toolOutputChars: input.limits.toolOutputChars,
    summarise: input.summarise,
    offers: new Map(),
    hooks: input.hooks,
  };
  const steps = () => store.modelCalls();
  const result = (status: TurnStatus, more: Partial<TurnResult> = {}): TurnResult =>
    ({ runId, status, text, steps: steps(), ...more });

  /** Stores how the run ended (retried while the store fails), then tells the viewers. */
  const end = async (how: RunEnd, done: TurnResult, event?: TurnEvent): Promise<TurnResult> => {
    // Still failing after its retries fails the turn; runTurn's catch then tries once more.
    if (!(await closeRun(store, how, input.log))) throw new Error(`run ${runId}: status ${how.status} not stored`);
    if (event) emit(event);
    return done;
  };
  const stop = async (): Promise<TurnResult> => {
    const stopped: TurnEvent = { type: "error", run_id: runId, message: T.turnStopped };
    // A server going down leaves the run `running` so the next boot resumes it (C-18).
    // A deleted conversation closes its run as interrupted (K-17); a Stop as cancelled (B-24).
    const deleted = signal.reason === "deleted";
    if (deleted) return end({ status: "interrupted", summary: "conversation deleted" }, result("error"), stopped);
    if (signal.reason !== "shutdown") return end({ status: "cancelled", summary: "stopped" }, result("error"), stopped);
    emit(stopped);
    return result("error");
  };
  const halt = (reason: HaltReason) => end({ status: "halted", haltReason: reason, summary: reason },
    result("halted", { haltReason: reason }), { type: "halted", run_id: runId, reason, text });
  const waiting = () => end({ status: "waiting" }, result("approval_required"));
  const refuse = (message: string) => end({ status: "error", summary: message }, result("error", { text: message }),
    { type: "error", run_id: runId, message });
  const relay = (answer: string) => {
    text = answer;
    emit({ type: "text_delta", text });
    store.recordAnswer(text);
    return end({ status: "done", summary: text.slice(0, 200) }, result("done"), { type: "done", run_id: runId, text });
  };
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
  const opening = await openTurn(input, history);
  if (opening.notice !== null) return refuse(opening.notice);

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
    const wrapUp = wrappingUp(input.wrapUpFrom, steps());
    const system = wrapUp ? wrapUpSystem(opening.system) : opening.system;
    const next = await nextRequest(store, deferred, system, input.context, emit, signal);
    if ("refused" in next) return refuse(next.refused);
    checkHistory(next.messages, runId, input.log);
    const toolChoice = wrapUp ? ("none" as const) : undefined;
    const req = { model: "", system, ...next, toolChoice, signal };
    const out = await callModel(routes, req, emit, input.chain);
    if (signal.aborted && signal.reason === "deleted") return stop();
    recordCall(store, out);
    if (out.failure) {
      if (out.failure.error.kind === "aborted" || signal.aborted) return stop();
      if (out.failure.allFailed && escalation) {
        escalate("routes_failed");
        continue;
      }
      const message = callFailureWords(out, routes.length);
      const how = result("error", { text: out.text, errorType: out.failure.error.kind });
      return end({ status: "error", summary: message }, how, { type: "error", run_id: runId, message });
    }
    text = out.text;
    if (out.toolCalls.length === 0) {
      if (await opening.holdStop(text)) continue;
      crashPoint("run-finish");
      const done: TurnEvent = { type: "done", run_id: runId, text };
      return end({ status: "done", summary: text.slice(0, 200) }, result("done"), done);
    }
    if (repeated(recent, out.toolCalls)) {
      refuseRepeated(store, emit, out.toolCalls, out.endedAt);
      if (!escalation) return halt("loop");
      escalate("loop");
      recent.length = 0;
      continue;
    }
    const callEnv = wrapUp ? { ...env, tools: new Map<string, Tool>() } : env;
    if ((await handleCalls(callEnv, out.toolCalls, "new")) === "waiting") return waiting();
    const relayed = relayable(env.offers!, out.toolCalls, steps());
    if (relayed !== null) return relay(relayed);
  }
}
