// The loop detector: the same tool calls with the same arguments, compared as parsed JSON so key
// order and spacing don't hide a repeat, several model calls in a row; such calls are answered, not run.
import type { ToolCall } from "../llm/types.ts";
import type { EventSink } from "./events.ts";
import type { TurnStore } from "./turn-store.ts";

/** Same tool call with the same arguments this many times in a row is a loop. */
export const LOOP_REPEATS = 3;

/** Adds this model call's tool calls to `recent` and says whether the last LOOP_REPEATS are identical. */
export function repeated(recent: string[], calls: ToolCall[]): boolean {
  recent.push(JSON.stringify(calls.map((c) => [c.name, canonical(c.arguments)])));
  const last = recent[recent.length - 1];
  return recent.length >= LOOP_REPEATS && recent.slice(-LOOP_REPEATS).every((s) => s === last);
}

/** Answers each repeated call "not run", so the model reads why and the history stays valid. */
export function refuseRepeated(store: TurnStore, emit: EventSink, calls: ToolCall[], at: string): void {
  const output =
    `Not run: this exact call was repeated ${LOOP_REPEATS} times in a row. ` +
    "Try a different approach or answer with what you have.";
  for (const c of calls) {
    const call = { toolCallId: c.id, name: c.name, arguments: c.arguments };
    store.recordToolResult({ ...call, output, status: "refused", startedAt: at, endedAt: at });
    emit({ type: "tool_result", id: c.id, name: c.name, status: "refused", output });
  }
}

function canonical(raw: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw;
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortKeys(o[k])]));
}
