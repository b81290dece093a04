// The history a provider receives is valid by construction (C-26, K-10): every tool call of an assistant
// message is answered by exactly one tool message placed right after it, and every tool message answers
// such a call. The real OpenAI and Anthropic APIs refuse anything else with a 400, so both clients send
// `validHistory(messages)`; the agent loop closes open calls in the store first, so this rarely acts.
import type { ChatMessage, ToolCall } from "./types.ts";

/** What a call gets when no result was ever recorded for it (the turn was cut around it). */
export const NO_RESULT =
  "No result was recorded for this call: the turn was cut (stopped or restarted) around it. It may or may not " +
  "have run; check the current state before repeating it.";

/** One violation of the invariant, for logs and tests: which message, what is wrong. */
export type HistoryProblem = {
  index: number;
  problem: "unanswered_call" | "orphan_result" | "duplicate_result" | "displaced_result";
  id: string;
};

/** The invariant, checked: an empty list means the history is valid as it is. */
export function historyProblems(messages: readonly ChatMessage[]): HistoryProblem[] {
  const problems: HistoryProblem[] = [];
  const seen = new Set<string>();
  // Calls of the latest assistant message not yet answered, while the block of tool messages lasts.
  let open = new Map<string, number>();
  let block = false;
  const closeBlock = () => {
    if (open.size === 0) return;
    for (const [id, index] of open) problems.push({ index, problem: "unanswered_call", id });
    open = new Map();
  };
  messages.forEach((m, i) => {
    if (m.role === "tool") {
      if (block && open.has(m.tool_call_id)) {
        open.delete(m.tool_call_id);
        seen.add(m.tool_call_id);
        return;
      }
      const id = m.tool_call_id;
      const earlier = callIds(messages, i).has(id) ? "displaced_result" : "orphan_result";
      problems.push({ index: i, problem: seen.has(id) ? "duplicate_result" : earlier, id });
      return;
    }
    closeBlock();
    block = m.role === "assistant";
    if (m.role === "assistant") for (const c of m.tool_calls ?? []) open.set(c.id, i);
  });
  closeBlock();
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * The same conversation, made valid: each assistant message is followed by one result per call, in
 * call order — the stored result wherever it was recorded (a result closed later, after a user message,
 * moves up to its call), else `NO_RESULT`. Results matching no earlier call and repeats are dropped.
 */
export function validHistory(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  if (historyProblems(messages).length === 0) return messages;
  const results = matchResults(messages);
  const out: ChatMessage[] = [];
  messages.forEach((m, i) => {
    if (m.role === "tool") return;
    out.push(m);
    if (m.role !== "assistant") return;
    for (const c of m.tool_calls ?? []) out.push(results.get(`${i}:${c.id}`) ?? synthetic(c));
  });
  return out;
}

/** Calls with no result anywhere after them, oldest first, each with the index of its assistant message. */
export function unansweredCalls(messages: readonly ChatMessage[]): { index: number; call: ToolCall }[] {
  // The common case, a valid history, is checked without pairing every result (several times a turn).
  if (historyProblems(messages).length === 0) return [];
  const results = matchResults(messages);
  return messages.flatMap((m, index) => {
    if (m.role !== "assistant") return [];
    return (m.tool_calls ?? []).filter((c) => !results.has(`${index}:${c.id}`)).map((call) => ({ index, call }));
  });
}

/**
 * Pairs each tool message with the latest earlier assistant message that made a call of that id and has
 * no result for it yet (providers may reuse ids across messages). Key: `<assistant index>:<call id>`.
 */
function matchResults(messages: readonly ChatMessage[]): Map<string, ChatMessage> {
  const results = new Map<string, ChatMessage>();
  messages.forEach((m, i) => {
    if (m.role !== "tool") return;
    for (let j = i - 1; j >= 0; j--) {
      const a = messages[j]!;
      if (a.role !== "assistant" || !a.tool_calls?.some((c) => c.id === m.tool_call_id)) continue;
      const key = `${j}:${m.tool_call_id}`;
      if (!results.has(key)) results.set(key, m);
      return;
    }
  });
  return results;
}

function callIds(messages: readonly ChatMessage[], before: number): Set<string> {
  const ids = messages.slice(0, before).flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []));
  return new Set(ids.map((c) => c.id));
}

function synthetic(c: ToolCall): ChatMessage {
  return { role: "tool", tool_call_id: c.id, name: c.name, content: NO_RESULT };
}
