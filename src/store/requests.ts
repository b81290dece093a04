// request_id idempotency for web sends (B-07..B-09), scoped per conversation.
// A request_id lives in queued_messages while its message waits, and in message_requests
// once the message is in the log; queue.ts moves it in the same transaction as the message.
import { one, nowIso, write, type Store } from "./db.ts";

export const REQUEST_ID_MAX = 64;

export type RequestMatch =
  | { kind: "message"; messageId: number }
  | { kind: "queued"; itemId: number; position: number };

/** Where an already-used request_id went, or null when it is new (B-08). */
export function findRequest(store: Store, conversationId: string, requestId: string): RequestMatch | null {
  const stored = one<{ messageId: number }>(
    store,
    `SELECT message_id AS messageId FROM message_requests
     WHERE conversation_id = $conversationId AND request_id = $requestId`,
    { conversationId, requestId },
  );
  if (stored) return { kind: "message", messageId: stored.messageId };
  const queued = one<{ itemId: number; position: number }>(
    store,
    `SELECT q.id AS itemId,
       (SELECT count(*) FROM queued_messages p WHERE p.conversation_id = q.conversation_id AND p.id <= q.id)
         AS position
     FROM queued_messages q WHERE q.conversation_id = $conversationId AND q.request_id = $requestId`,
    { conversationId, requestId },
  );
  return queued ? { kind: "queued", ...queued } : null;
}

/** Records that requestId produced messageId; call inside the message's transaction. */
export function recordRequest(store: Store, conversationId: string, requestId: string, messageId: number): void {
  write(
    store,
    `INSERT INTO message_requests (conversation_id, request_id, message_id, created_at)
     VALUES ($conversationId, $requestId, $messageId, $at)`,
    { conversationId, requestId, messageId, at: nowIso() },
  );
}
