// Tool calls a cut left open (C-26, K-10): the words the model reads for each way a call can be cut,
// and closing the calls an earlier turn left behind, so no call of the history stays without a result.
import type { ChatMessage, ToolCall } from "../llm/types.ts";
import { unansweredCalls } from "../llm/history.ts";
import type { EventSink } from "./events.ts";
import type { ToolResultRecord, TurnStore } from "./turn-store.ts";

/** Why a turn's signal fired: a person's Stop, the server going down, the conversation deleted. */
export type CutReason = "stop" | "shutdown" | "deleted";

/** Results for cut calls, written for the model: whether the call ran, and what to do about it. */
export const CUT = {
  notStarted: (why: CutReason) =>
    `Not run: ${WHY[why]} before this call started. Call it again if it is still needed.`,
  whileRunning: (why: CutReason) =>
    `Cut while running: ${WHY[why]} during this call. It may or may not have taken effect; ` +
    "check the current state before repeating it.",
  /** A restart found the call allowed but without a result: it may have run (C-26). */
  unknown:
    "Cut by a server restart: no result was recorded for this call, so it is unknown whether it ran. " +
    "Check the current state before repeating it; never assume it did nothing.",
  /** The call waited for a decision (or was refused one) when its turn was cut. */
  neverRan: "Not run: the turn was cut while this call waited for a decision. Call it again if it is still needed.",
  /** A fork copied the call without its result (K-10): closed in the branch, never run there. */
  forked:
    "Not run here: this conversation was forked from another one before this call had a result, and a fork " +
    "never runs a copied call. It may or may not have run in the original; check the current state first.",
} as const;

const WHY: Record<CutReason, string> = {
  stop: "the owner stopped the turn",
  shutdown: "the server shut down",
  deleted: "the conversation was deleted",
};

/** The reason a turn's signal carries, as a CutReason (anything unexpected counts as a Stop). */
export function cutReason(signal: AbortSignal): CutReason {
  return signal.reason === "shutdown" || signal.reason === "deleted" ? signal.reason : "stop";
}

/** Calls of the last assistant message that have no tool result yet: what a turn settles first. */
export function openCalls(history: readonly ChatMessage[]): ToolCall[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === "user") return [];
    if (m.role === "assistant") {
      const answered = new Set(history.slice(i + 1).flatMap((x) => (x.role === "tool" ? [x.tool_call_id] : [])));
      return (m.tool_calls ?? []).filter((c) => !answered.has(c.id));
    }
  }
  return [];
}

/**
 * Closes every unanswered call of `history` except `keep` (the calls this turn settles itself), with
 * what its stored decision says: a question's answer, "never ran" (pending, denied, expired), or
 * "unknown whether it ran" (approved, or needed no approval). Returns how many were closed.
 */
export function closeDangling(
  store: TurnStore, history: readonly ChatMessage[], keep: ToolCall[] = [], emit?: EventSink,
): number {
  const kept = new Set(keep.map((c) => c.id));
  let n = 0;
  for (const { call } of unansweredCalls(history)) {
    if (kept.has(call.id)) continue;
    const d = store.decisionFor(call.id);
    if (d?.status === "answered") record(store, call, "done", d.answer ?? "", emit);
    else if (d && d.status !== "approved") record(store, call, "interrupted", CUT.neverRan, emit);
    else record(store, call, "interrupted", CUT.unknown, emit);
    n++;
  }
  return n;
}

/** Records one closing result (and tells the viewers, when there are any). */
export function record(
  store: TurnStore,
  call: ToolCall,
  status: ToolResultRecord["status"],
  output: string,
  emit?: EventSink,
  startedAt?: string,
  delegatedSpend?: ToolResultRecord["delegatedSpend"],
): void {
  const endedAt = new Date().toISOString();
  const which = { toolCallId: call.id, name: call.name, arguments: call.arguments };
  store.recordToolResult({ ...which, output, status, startedAt: startedAt ?? endedAt, endedAt, delegatedSpend });
  emit?.({ type: "tool_result", id: call.id, name: call.name, status, output });
}

/**
 * Never expected: every cut closes its calls (and the clients would still send a valid history). Checks the
 * current turn, from its latest user message: earlier turns were checked while they ran, and closeDangling
 * settles anything older when a turn opens.
 */
export function checkHistory(messages: readonly ChatMessage[], runId: string, log?: (line: string) => void): void {
  let from = messages.length - 1;
  while (from > 0 && messages[from]!.role !== "user") from--;
  const ids = unansweredCalls(messages.slice(Math.max(from, 0))).map((u) => u.call.id);
  if (ids.length > 0) log?.(`run ${runId}: history has unanswered calls ${ids.join(", ")}`);
}
