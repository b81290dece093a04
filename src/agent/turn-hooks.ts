// The turn-level hook points (F-17): UserPromptSubmit when the owner's message opens a turn (block it,
// or add context to the system prompt of this turn's model calls) and Stop before a final answer ends it
// (the reason becomes a user-role note and the loop makes one more call, at most STOP_HOOK_LIMIT times).
import type { ChatMessage } from "../llm/types.ts";
import { TKits } from "../texts/vi-kits.ts";
import type { ToolHooks } from "./hooks.ts";
import type { TurnStore } from "./turn-store.ts";

/** Continuations a Stop hook may force in one turn, so a hook that always blocks cannot loop forever. */
export const STOP_HOOK_LIMIT = 3;

export type Opening = {
  /** The UserPromptSubmit block shown as the turn's notice (already stored as its answer), or null. */
  notice: string | null;
  /** The system prompt of this turn's model calls, with any context a hook added. */
  system: string;
  /** Asked before the turn ends with a final answer: true = a Stop hook said "not yet" (note stored). */
  holdStop: (answer: string) => Promise<boolean>;
};

type TurnPlace = { store: TurnStore; hooks?: ToolHooks; system: string; resume?: boolean; signal: AbortSignal };

/**
 * Runs the UserPromptSubmit hooks when the history ends with the owner's message (not when the turn
 * settles calls of a pause or a restart). A block is stored as the turn's answer so it survives a reload.
 */
export async function openTurn(t: TurnPlace, history: readonly ChatMessage[]): Promise<Opening> {
  const { store, hooks, signal } = t;
  const holdStop = stopGate(store, hooks, signal);
  const last = history.at(-1);
  if (t.resume || !hooks?.promptSubmitted || last?.role !== "user") return { notice: null, system: t.system, holdStop };
  const verdict = await hooks.promptSubmitted(last.content, signal);
  if (verdict === null) return { notice: null, system: t.system, holdStop };
  if ("context" in verdict) return { notice: null, system: `${t.system}\n\n${verdict.context}`, holdStop };
  const notice = TKits.promptBlocked(verdict.block);
  store.recordAnswer(notice);
  return { notice, system: t.system, holdStop };
}

/** Counts the continuations a Stop hook forced in this turn; past STOP_HOOK_LIMIT the turn just ends. */
function stopGate(store: TurnStore, hooks: ToolHooks | undefined, signal: AbortSignal) {
  let continued = 0;
  return async (answer: string): Promise<boolean> => {
    if (!hooks?.beforeStop || continued >= STOP_HOOK_LIMIT) return false;
    const note = await hooks.beforeStop(answer, continued > 0, signal);
    if (note === null) return false;
    continued++;
    store.recordNote(`Stop hook: ${note || "no reason given"}`);
    return true;
  };
}
