// The conversation as the model reads it (G-05, issue 20): each stored block right before its message,
// and after a compaction the summary, preceded by the blocks of the turns it replaced byte for byte,
// before the first kept message. Built once per conversation and compaction, then extended as the log grows.
import type { ChatMessage, ToolCall } from "../llm/types.ts";
import { latestCompaction, type Compaction } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import { messageLog } from "../store/message-log.ts";
import type { Message } from "../store/messages.ts";

type View = { compactionId: number; seen: number; start: number; chat: ChatMessage[]; hasBlock: boolean };

/** Keyed by the log's rows array: a log read afresh (evicted, deleted, read in a transaction) starts a new view. */
const views = new WeakMap<readonly Message[], View>();

/**
 * The model's messages; `firstBlock` before the first user message when none carries a block (G-08).
 * The array is the view's own, extended in place as the log grows (copying thousands of messages on every
 * read was most of what a long conversation still added to a turn): read it at once, copy what you keep.
 */
export function modelView(store: Store, conversationId: string, firstBlock?: () => string): readonly ChatMessage[] {
  const rows = messageLog(store, conversationId);
  const compaction = latestCompaction(store, conversationId);
  const view = current(rows, compaction);
  if (view.hasBlock || !firstBlock) return view.chat;
  const chat = view.chat.slice();
  const first = chat.findIndex((m) => m.role === "user");
  const block = first >= 0 ? firstBlock() : "";
  if (block) chat[first] = { ...chat[first]!, content: `${block}\n\n${chat[first]!.content}` } as ChatMessage;
  return chat;
}

/** The index in `rows` of the first message the model reads after `compaction` (rows are in seq order). */
export function keptFrom(rows: readonly Pick<Message, "seq">[], compaction: Pick<Compaction, "uptoSeq"> | null) {
  if (!compaction) return 0;
  const i = rows.findIndex((m) => m.seq > compaction.uptoSeq);
  return i < 0 ? rows.length : i;
}

/** What stands before the first kept message: the replaced turns' blocks, then the summary. */
export function summaryHeader(replaced: readonly Pick<Message, "block">[], c: Pick<Compaction, "summary" | "turns">) {
  const blocks = replaced.flatMap((m) => (m.block ? [m.block] : []));
  const summary = `<earlier-turns count="${c.turns}">\n${c.summary.trim()}\n</earlier-turns>`;
  return [...blocks, summary].join("\n\n");
}

/** Stored messages as the model reads them: each block right before its message (G-05); `firstBlock` before
 * the first user message of a conversation that has none stored (G-08). */
export function toChat(messages: readonly Message[], firstBlock = ""): ChatMessage[] {
  const first = firstBlock ? messages.findIndex((m) => m.role === "user") : -1;
  return messages.map((m, i) => chatMessage(m, i === first ? firstBlock : m.block));
}

function chatMessage(m: Message, block: string | null): ChatMessage {
  if (m.role === "tool") {
    return { role: "tool", content: m.content, tool_call_id: m.toolCallId ?? "", name: m.name ?? "" };
  }
  if (m.role === "assistant") {
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as ToolCall[]) : undefined;
    return calls?.length
      ? { role: "assistant", content: m.content, tool_calls: calls }
      : { role: "assistant", content: m.content };
  }
  return { role: "user", content: block ? `${block}\n\n${m.content}` : m.content };
}

function current(rows: readonly Message[], compaction: Compaction | null): View {
  let view = views.get(rows);
  // A new compaction starts over.
  if (!view || view.compactionId !== (compaction?.id ?? 0)) {
    const start = keptFrom(rows, compaction);
    const hasBlock = rows.slice(0, start).some((m) => m.block !== null);
    view = { compactionId: compaction?.id ?? 0, seen: start, start, chat: [], hasBlock };
    views.set(rows, view);
  }
  for (; view.seen < rows.length; view.seen++) {
    const m = rows[view.seen]!;
    if (m.block !== null) view.hasBlock = true;
    if (!compaction || view.seen !== view.start) {
      view.chat.push(chatMessage(m, m.block));
      continue;
    }
    // The plan cuts before a user message; should it not, the summary still comes first, as its own message.
    const header = summaryHeader(rows.slice(0, view.start), compaction);
    if (m.role !== "user") view.chat.push({ role: "user", content: header });
    view.chat.push(chatMessage(m, m.role === "user" ? [header, m.block].filter(Boolean).join("\n\n") : m.block));
  }
  return view;
}
