// The loop detector: the same tool calls with the same arguments, compared as parsed JSON so key
// order and spacing don't hide a repeat, several model calls in a row.
import type { ToolCall } from "../llm/types.ts";

/** Same tool call with the same arguments this many times in a row is a loop. */
export const LOOP_REPEATS = 3;

/** Adds this model call's tool calls to `recent` and says whether the last LOOP_REPEATS are identical. */
export function repeated(recent: string[], calls: ToolCall[]): boolean {
  recent.push(JSON.stringify(calls.map((c) => [c.name, canonical(c.arguments)])));
  const last = recent[recent.length - 1];
  return recent.length >= LOOP_REPEATS && recent.slice(-LOOP_REPEATS).every((s) => s === last);
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
  if (v && typeof v === "object") return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}
