// The loop's side of the bounded context (issue 20): before each model call the context port may compact
// the oldest turns or refuse the turn; the loop then reads the history again and declares its tools over it.
import type { ChatMessage, ToolSpec } from "../llm/types.ts";
import type { Deferral } from "./deferred.ts";
import type { EventSink } from "./events.ts";
import type { TurnStore } from "./turn-store.ts";

export type ContextFit =
  | { kind: "fits" }
  /** `turns`: how many user turns the summary now stands for, from the conversation's start. */
  | { kind: "compacted"; turns: number }
  /** The sentence the turn ends with. */
  | { kind: "refused"; message: string };

export type ContextPort = {
  fit(req: { system: string; tools: ToolSpec[]; signal: AbortSignal }): Promise<ContextFit>;
};

/** The messages and declared tools of the next model call, or the sentence that refuses it. */
export async function nextRequest(
  store: TurnStore,
  deferred: Deferral,
  system: string,
  port: ContextPort | undefined,
  emit: EventSink,
  signal: AbortSignal,
): Promise<{ messages: readonly ChatMessage[]; tools: ToolSpec[] } | { refused: string }> {
  let messages = store.history();
  let tools = deferred.declare(messages);
  const fit = port ? await port.fit({ system, tools, signal }) : ({ kind: "fits" } as const);
  if (fit.kind === "refused") return { refused: fit.message };
  if (fit.kind === "compacted") {
    emit({ type: "compacted", turns: fit.turns });
    messages = store.history();
    tools = deferred.declare(messages);
  }
  return { messages, tools };
}
