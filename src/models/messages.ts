// The shape of one message of a conversation's log (K-02) and the usage a model call costs.
// Types only: src/store/messages.ts reads and writes them.

export type Role = "user" | "assistant" | "tool";

export interface Usage {
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  reasoningTokens: number | null;
}

export interface Message extends Usage {
  id: number;
  conversationId: string;
  seq: number;
  role: Role;
  content: string;
  /** Parsed JSON as the loop wrote it; null when the message made no calls. */
  toolCalls: unknown;
  toolCallId: string | null;
  name: string | null;
  model: string | null;
  provider: string | null;
  /** Memory/canvas block stored with the message at insert (G-05, H-63). */
  block: string | null;
  source: string | null;
  createdAt: string;
}
