// The shape of a message waiting for a busy conversation (B-11..B-14).
// Types only: src/store/queue.ts reads and writes it.

export type QueueKind = "follow_up" | "steer";

export interface QueuedMessage {
  id: number;
  conversationId: string;
  kind: QueueKind;
  text: string;
  source: string;
  requestId: string | null;
  createdAt: string;
}
