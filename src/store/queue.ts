// Messages waiting for a busy conversation (B-11..B-14, C-05, C-06), at most 20 each.
// enqueue checks the limit and the request_id in the same transaction as the insert;
// moveToHistory deletes queue rows and inserts their message in ONE transaction (C-05).
import { crashPoint } from "../crash-point.ts";
import { all, one, nowIso, write, writeReturning, type Store } from "./db.ts";
import { appendMessage, type Message, type NewMessage } from "./messages.ts";
import { findRequest, recordRequest, type RequestMatch } from "./requests.ts";
import type { QueueKind, QueuedMessage } from "../models/queue.ts";

export const QUEUE_LIMIT = 20;

export type { QueueKind, QueuedMessage };

export interface NewQueued {
  conversationId: string;
  kind: QueueKind;
  text: string;
  source: string;
  requestId?: string;
}

export type EnqueueResult =
  | { status: "queued"; item: QueuedMessage; position: number }
  | { status: "full" }
  /** The request_id was already used: nothing stored, here is where it went (B-08). */
  | { status: "duplicate"; match: RequestMatch };

/** `also` runs inside the same transaction once the message is queued (Telegram's handled update id). */
export function enqueue(store: Store, input: NewQueued, also?: () => void): EnqueueResult {
  return store.tx((): EnqueueResult => {
    if (input.requestId) {
      const match = findRequest(store, input.conversationId, input.requestId);
      if (match) return { status: "duplicate", match };
    }
    const waiting = countQueued(store, input.conversationId);
    if (waiting >= QUEUE_LIMIT) return { status: "full" };
    const item = writeReturning<QueuedMessage>(
      store,
      `INSERT INTO queued_messages (conversation_id, kind, text, source, request_id, created_at)
       VALUES ($conversationId, $kind, $text, $source, $requestId, $at) RETURNING ${COLUMNS}`,
      { ...input, requestId: input.requestId ?? null, at: nowIso() },
    );
    also?.();
    return { status: "queued", item: item!, position: waiting + 1 };
  });
}

/** The conversation's queue in arrival order (B-20). */
export function listQueue(store: Store, conversationId: string): QueuedMessage[] {
  return all<QueuedMessage>(
    store,
    `SELECT ${COLUMNS} FROM queued_messages WHERE conversation_id = $conversationId ORDER BY id`,
    { conversationId },
  );
}

export function countQueued(store: Store, conversationId: string): number {
  const row = one<{ n: number }>(
    store,
    "SELECT count(*) AS n FROM queued_messages WHERE conversation_id = $conversationId",
    { conversationId },
  );
  return row?.n ?? 0;
}

/** Conversations that still have waiting messages: the boot drain's work list (C-06). */
export function conversationsWithQueue(store: Store): string[] {
  return all<{ id: string }>(
    store,
    "SELECT conversation_id AS id FROM queued_messages GROUP BY conversation_id ORDER BY min(id)",
  ).map((r) => r.id);
}

/** Stop: empties the queue and returns the removed texts in order (B-21). Their request_ids
 * become free again (B-09). */
export function clearQueue(store: Store, conversationId: string): string[] {
  return store.tx(() => {
    const texts = listQueue(store, conversationId).map((q) => q.text);
    write(store, "DELETE FROM queued_messages WHERE conversation_id = $conversationId", { conversationId });
    return texts;
  });
}

/**
 * Takes every waiting message of one kind (or "all": a drain answers late steers as follow-ups,
 * B-15) out of the queue and appends them to the log as
 * ONE user message (texts joined by a blank line, source of the first, B-13), moving their
 * request_ids along, all in one transaction (C-05). Null when none was waiting.
 */
export function moveToHistory(
  store: Store,
  conversationId: string,
  kind: QueueKind | "all",
  extra: Omit<NewMessage, "conversationId" | "role" | "content" | "requestId"> = {},
): { message: Message; items: QueuedMessage[] } | null {
  return store.tx(() => {
    const items = store.db
      .query<QueuedMessage, { conversationId: string; kind: string }>(
        `DELETE FROM queued_messages WHERE conversation_id = $conversationId AND ($kind = 'all' OR kind = $kind)
         RETURNING ${COLUMNS}`,
      )
      .all({ conversationId, kind })
      .sort((a, b) => a.id - b.id);
    if (items.length === 0) return null;
    store.wrote();
    const message = appendMessage(store, {
      source: items[0].source,
      ...extra,
      conversationId,
      role: "user",
      content: items.map((q) => q.text).join("\n\n"),
    });
    for (const q of items) {
      if (q.requestId) recordRequest(store, conversationId, q.requestId, message.id);
    }
    crashPoint("queue-tx");
    return { message, items };
  });
}

const COLUMNS = `id, conversation_id AS conversationId, kind, text, source,
  request_id AS requestId, created_at AS createdAt`;
