// Relay (F-12): when a turn's only model call asked for exactly one call, and that call offered its result
// as the final answer (a delegated task that ended done), that answer goes to the owner verbatim instead of
// spending a model call to retell it. The history stays valid: the call has its result, the answer follows.
import type { ToolCall } from "../llm/types.ts";

/** The answer to relay, or null when this turn must go on to the model. */
export function relayable(offers: Map<string, string>, calls: ToolCall[], modelCalls: number): string | null {
  if (modelCalls !== 1 || calls.length !== 1) return null;
  return offers.get(calls[0]!.id) ?? null;
}
