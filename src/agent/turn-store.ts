// What the loop needs from persistence, as an interface: the loop imports no SQL (style rule 2).
// src/turns/sql-turn-store.ts implements it on the SQLite store; tests may use it on :memory:.
import type { ChatMessage, ToolCall, Usage } from "../llm/types.ts";

export type ConversationState = {
  id: string;
  agentId: string;
  spentUsd: number;
  /** 0 = no cap (E-02). */
  costCapUsd: number;
  autonomous: boolean;
  autoApprove: string[];
  approvalTtlSeconds: number;
};

export type StoredDecision = {
  id: string;
  status: "pending" | "approved" | "denied" | "expired" | "answered";
  answer: string | null;
};

export type ModelCallRecord = {
  provider: string;
  model: string;
  text: string;
  toolCalls: ToolCall[];
  usage: Usage | null;
  /** null = unknown price: counted in unknown_cost_calls, never as 0. */
  costUsd: number | null;
  startedAt: string;
  endedAt: string;
  /** The call failed after streaming something: recorded anyway, with what it produced. */
  error?: string;
};

export type ToolResultRecord = {
  toolCallId: string;
  name: string;
  arguments: string;
  output: string;
  status: "done" | "error" | "denied" | "refused" | "expired" | "interrupted";
  startedAt: string;
  endedAt: string;
  /** A delegated child's spend, added to this conversation with the result: once, even if re-issued (C-17). */
  delegatedSpend?: { usd: number; unknownCalls: number };
};

export type SpecialStep = {
  type: "fallback" | "escalation" | "steer";
  name: string;
  result?: string;
  status?: "done" | "error";
  startedAt?: string;
  endedAt?: string;
};

export type RunEnd =
  | { status: "done" | "error" | "cancelled" | "waiting" | "interrupted"; summary?: string }
  | { status: "halted"; haltReason: "budget" | "max_steps" | "loop"; summary?: string };

export interface TurnStore {
  readonly runId: string;
  /** Read fresh each time: a cap raised mid-turn applies at the next check. */
  conversation(): ConversationState;
  /** The store's own array, extended in place as messages are stored: read it at once, copy what you keep. */
  history(): readonly ChatMessage[];
  decisionFor(toolCallId: string): StoredDecision | null;
  /** Model calls this run has made so far, continuations included (max_steps counts them all). */
  modelCalls(): number;
  /** Assistant message + model step + spend on conversation and run, in one transaction. */
  recordModelCall(rec: ModelCallRecord): void;
  /** Tool message + tool step, in one transaction. */
  recordToolResult(rec: ToolResultRecord): void;
  /** A final answer that took no model call (a relayed child answer, F-12): the message only. */
  recordAnswer(text: string): void;
  /** A user-role note of the harness (a Stop hook's reason, F-17) that the next model call reads. */
  recordNote(text: string): void;
  recordStep(step: SpecialStep): void;
  /** A model call made by a tool (a used summary, an image read…) charged like a completion (E-06). */
  charge(costUsd: number | null): void;
  requestDecision(req: {
    toolCallId: string;
    tool: string;
    arguments: unknown;
    reason: string | null;
    kind: "approval" | "question";
    options?: string[];
  }): {
    id: string;
    deadlineAt: string;
  };
  /**
   * Moves waiting steer messages from the queue into the history as one user message of this turn
   * (one transaction, C-05, B-14) and returns their text, or null when none waited.
   */
  takeSteers(): string | null;
  finish(end: RunEnd): void;
}
