// Sizing the model's context and choosing what a compaction replaces (issue 20). Tokens are the provider's
// reported usage of the latest call plus an estimate of what was added since; a cut falls right before a
// user message, never after the latest one, and never between a tool call and its result.
import type { ToolSpec } from "../llm/types.ts";
import type { Message } from "../store/messages.ts";

/**
 * Tokens of text no provider has counted yet: UTF-8 bytes / 3. That over-counts English a little and
 * Vietnamese (2–3 bytes a letter) about right, so the bound errs on the safe side.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text) / 3);
}

/** What an image costs a vision model, roughly (a 1024×1024 picture on the common tariffs). */
const IMAGE_TOKENS = 1_600;
/** Role and framing around each message. */
const MESSAGE_TOKENS = 4;

const rowSizes = new WeakMap<Message, number>();

/** One stored message as the model reads it: its block, its text, its calls (the log's rows never change). */
export function rowTokens(m: Message): number {
  let n = rowSizes.get(m);
  if (n !== undefined) return n;
  const calls = Array.isArray(m.toolCalls) ? JSON.stringify(m.toolCalls) : "";
  n = MESSAGE_TOKENS + estimateTokens(m.block ?? "") + estimateTokens(m.content) + estimateTokens(calls);
  rowSizes.set(m, n);
  return n;
}

const specTokens = new WeakMap<ToolSpec, number>();

/** The system prompt and the declared tools: what every call carries before the messages. */
export function fixedTokens(system: string, tools: ToolSpec[]): number {
  let n = estimateTokens(system);
  for (const t of tools) {
    let size = specTokens.get(t);
    if (size === undefined) specTokens.set(t, (size = estimateTokens(JSON.stringify(t))));
    n += size;
  }
  return n;
}

/** The latest call in `rows[start..]` whose reported usage still describes this context (made after `since`). */
function usageAnchor(rows: readonly Message[], start: number, since: number): { index: number; tokens: number } | null {
  for (let i = rows.length - 1; i >= start; i--) {
    const m = rows[i]!;
    if (m.seq <= since) return null;
    if (m.role === "assistant" && m.inputTokens !== null && m.outputTokens !== null) {
      return { index: i, tokens: m.inputTokens + m.outputTokens };
    }
  }
  return null;
}

/**
 * The size in tokens of a context holding `rows[start..]`: the anchor's reported usage plus estimates of the
 * messages after it; with no anchor, the estimate of everything (`fixed`: system prompt and tools, `header`:
 * the summary part). `since`: the log's last seq when the latest compaction was made.
 */
export function contextTokens(
  rows: readonly Message[], start: number, since: number, fixed: () => number, header: () => number,
): number {
  const anchor = usageAnchor(rows, start, since);
  let n = anchor ? anchor.tokens : fixed() + header();
  for (let i = anchor ? anchor.index + 1 : start; i < rows.length; i++) n += rowTokens(rows[i]!);
  return n;
}

/**
 * The places a compaction may cut `kept`, oldest first: right before a user message, after the first
 * message and no later than the latest user message, with every call before it answered before it.
 */
export function cutPoints(kept: readonly Message[]): number[] {
  let latestUser = -1;
  for (let i = kept.length - 1; i >= 0 && latestUser < 0; i--) if (kept[i]!.role === "user") latestUser = i;
  const open = new Set<string>();
  const points: number[] = [];
  for (let i = 0; i <= latestUser; i++) {
    const m = kept[i]!;
    if (i > 0 && m.role === "user" && open.size === 0) points.push(i);
    if (m.role === "assistant" && Array.isArray(m.toolCalls)) for (const c of m.toolCalls) open.add(String(c.id));
    if (m.role === "tool" && m.toolCallId) open.delete(m.toolCallId);
  }
  return points;
}

/**
 * Where to cut so that what is kept weighs at most `target` tokens: the earliest such point, else the
 * latest point there is (the most that may be replaced). Null when there is no point at all.
 */
export function chooseCut(kept: readonly Message[], points: number[], target: number): number | null {
  if (points.length === 0) return null;
  const tail: number[] = new Array(kept.length + 1).fill(0);
  for (let i = kept.length - 1; i >= 0; i--) tail[i] = tail[i + 1]! + rowTokens(kept[i]!);
  return points.find((p) => tail[p]! <= target) ?? points[points.length - 1]!;
}
