// The shape of an approval request or ask_user question that pauses a turn (D-01, D-11).
// Types only: src/store/approvals.ts reads and writes it.

export type ApprovalKind = "approval" | "question";
export type ApprovalStatus = "pending" | "approved" | "denied" | "expired" | "answered";

export interface Approval {
  id: string;
  conversationId: string;
  runId: string | null;
  toolCallId: string;
  tool: string;
  /** The call's arguments, parsed. */
  arguments: unknown;
  /** The ask reason shown verbatim (D-14), or the question of an ask_user. */
  reason: string | null;
  kind: ApprovalKind;
  /** Numbered choices of a question, null when free text. */
  options: string[] | null;
  status: ApprovalStatus;
  answer: string | null;
  always: boolean;
  createdAt: string;
  deadlineAt: string;
  decidedAt: string | null;
}
