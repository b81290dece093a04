// Messages: the append-only log of a conversation (K-02), seq contiguous from 1.
// appendMessage takes the next seq and inserts in ONE statement (C-03), and records the
// send's request_id in the same transaction (B-07). copyMessages is one INSERT ... SELECT (K-07).
import { all, one, nowIso, write, writeReturning, type Store } from "./db.ts";
import { recordRequest } from "./requests.ts";
import type { Message, Role, Usage } from "../models/messages.ts";

export type { Message, Role, Usage };

export type NewMessage = Pick<Message, "conversationId" | "role"> &
  Partial<Omit<Message, "id" | "seq" | "conversationId" | "role">> & {
    /** The web send's request_id (B-07), stored in the same transaction. */
    requestId?: string;
  };

export function appendMessage(store: Store, input: NewMessage): Message {
  return store.tx(() => {
    const row = writeReturning<MessageRow>(
      store,
      `INSERT INTO messages (conversation_id, seq, role, content, tool_calls, tool_call_id, name,
         model, provider, cost_usd, input_tokens, output_tokens, cached_tokens, reasoning_tokens,
         block, source, created_at)
       SELECT $conversationId, coalesce(max(seq), 0) + 1, $role, $content, $toolCalls, $toolCallId,
         $name, $model, $provider, $costUsd, $inputTokens, $outputTokens, $cachedTokens,
         $reasoningTokens, $block, $source, $createdAt
       FROM messages WHERE conversation_id = $conversationId
       RETURNING ${COLUMNS}`,
      {
        conversationId: input.conversationId,
        role: input.role,
        content: input.content ?? "",
        toolCalls: input.toolCalls == null ? null : JSON.stringify(input.toolCalls),
        toolCallId: input.toolCallId ?? null,
        name: input.name ?? null,
        model: input.model ?? null,
        provider: input.provider ?? null,
        costUsd: input.costUsd ?? null,
        inputTokens: input.inputTokens ?? null,
        outputTokens: input.outputTokens ?? null,
        cachedTokens: input.cachedTokens ?? null,
        reasoningTokens: input.reasoningTokens ?? null,
        block: input.block ?? null,
        source: input.source ?? null,
        createdAt: input.createdAt ?? nowIso(),
      },
    );
    const message = toMessage(row!);
    if (input.requestId) recordRequest(store, message.conversationId, input.requestId, message.id);
    return message;
  });
}

export function getMessage(store: Store, id: number): Message | null {
  const row = one<MessageRow>(store, `SELECT ${COLUMNS} FROM messages WHERE id = $id`, { id });
  return row ? toMessage(row) : null;
}

/** The log in seq order, optionally only after a seq (a run's after_seq, J-14). */
export function listMessages(store: Store, conversationId: string, afterSeq = 0): Message[] {
  return all<MessageRow>(
    store,
    `SELECT ${COLUMNS} FROM messages WHERE conversation_id = $conversationId AND seq > $afterSeq
     ORDER BY seq`,
    { conversationId, afterSeq },
  ).map(toMessage);
}

/** The conversation's last seq, 0 when empty: a new run's after_seq (J-02). */
export function lastSeq(store: Store, conversationId: string): number {
  const row = one<{ seq: number | null }>(
    store,
    "SELECT max(seq) AS seq FROM messages WHERE conversation_id = $conversationId",
    { conversationId },
  );
  return row?.seq ?? 0;
}

/**
 * Copies the messages before `beforeSeq` into another conversation in one statement (K-07),
 * renumbered from 1. Provider, cost and tokens are NULL on copies so totals never double
 * count (E-10, K-09). Returns how many were copied.
 */
export function copyMessages(store: Store, fromId: string, toId: string, beforeSeq: number): number {
  return write(
    store,
    `INSERT INTO messages (conversation_id, seq, role, content, tool_calls, tool_call_id, name,
       model, block, source, created_at)
     SELECT $toId, row_number() OVER (ORDER BY seq), role, content, tool_calls, tool_call_id, name,
       model, block, source, created_at
     FROM messages WHERE conversation_id = $fromId AND seq < $beforeSeq ORDER BY seq`,
    { fromId, toId, beforeSeq },
  );
}

const COLUMNS = `id, conversation_id AS conversationId, seq, role, content,
  tool_calls AS toolCalls, tool_call_id AS toolCallId, name, model, provider, cost_usd AS costUsd,
  input_tokens AS inputTokens, output_tokens AS outputTokens, cached_tokens AS cachedTokens,
  reasoning_tokens AS reasoningTokens, block, source, created_at AS createdAt`;

type MessageRow = Omit<Message, "toolCalls"> & { toolCalls: string | null };

function toMessage(row: MessageRow): Message {
  return { ...row, toolCalls: row.toolCalls === null ? null : (JSON.parse(row.toolCalls) as unknown) };
}
