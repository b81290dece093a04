// Approval requests and ask_user questions that pause a turn (D-01, D-11).
// A decision is one conditional UPDATE on a pending row, so a second decision finds nothing
// (409, D-10); approving with `always` adds the tool to auto_approve in the same transaction (D-07).
import { crashPoint } from "../crash-point.ts";
import { addAutoApprove } from "./conversations.ts";
import { all, newId, nowIso, one, writeReturning, type Store } from "./db.ts";
import type { Approval, ApprovalKind, ApprovalStatus } from "../models/approvals.ts";

export type { Approval, ApprovalKind, ApprovalStatus };

export type NewApproval = Pick<Approval, "conversationId" | "toolCallId" | "tool"> &
  Partial<Pick<Approval, "id" | "runId" | "arguments" | "reason" | "kind" | "options">> & {
    /** Seconds until the request expires (D-05). */
    ttlSeconds: number;
  };

export type Decision =
  | { status: "approved"; always?: boolean }
  | { status: "denied" }
  | { status: "expired" }
  | { status: "answered"; answer: string };

export function createApproval(store: Store, input: NewApproval): Approval {
  const created = new Date();
  const row = writeReturning<ApprovalRow>(
    store,
    `INSERT INTO approvals (id, conversation_id, run_id, tool_call_id, tool, arguments, reason, kind,
       options, created_at, deadline_at)
     VALUES ($id, $conversationId, $runId, $toolCallId, $tool, $arguments, $reason, $kind, $options,
       $createdAt, $deadlineAt)
     RETURNING ${COLUMNS}`,
    {
      id: input.id ?? newId(),
      conversationId: input.conversationId,
      runId: input.runId ?? null,
      toolCallId: input.toolCallId,
      tool: input.tool,
      arguments: JSON.stringify(input.arguments ?? {}),
      reason: input.reason ?? null,
      kind: input.kind ?? "approval",
      options: input.options ? JSON.stringify(input.options) : null,
      createdAt: created.toISOString(),
      deadlineAt: new Date(created.getTime() + input.ttlSeconds * 1000).toISOString(),
    },
  );
  return toApproval(row!);
}

export function getApproval(store: Store, id: string): Approval | null {
  const row = one<ApprovalRow>(store, `SELECT ${COLUMNS} FROM approvals WHERE id = $id`, { id });
  return row ? toApproval(row) : null;
}

/** Pending requests, oldest first; one conversation's when given. */
export function listPending(store: Store, conversationId?: string): Approval[] {
  return all<ApprovalRow>(
    store,
    `SELECT ${COLUMNS} FROM approvals
     WHERE status = 'pending' AND ($conversationId IS NULL OR conversation_id = $conversationId)
     ORDER BY created_at, id`,
    { conversationId: conversationId ?? null },
  ).map(toApproval);
}

/** Decided requests, newest first (D-09). */
export function listDecided(store: Store, limit = 100): Approval[] {
  return all<ApprovalRow>(
    store,
    `SELECT ${COLUMNS} FROM approvals WHERE status <> 'pending'
     ORDER BY decided_at DESC, rowid DESC LIMIT $limit`,
    { limit },
  ).map(toApproval);
}

/** Pending requests whose deadline has passed, for the scheduler's sweep (D-06). */
export function listOverdue(store: Store, now: string = nowIso()): Approval[] {
  return all<ApprovalRow>(
    store,
    `SELECT ${COLUMNS} FROM approvals WHERE status = 'pending' AND deadline_at <= $now
     ORDER BY deadline_at`,
    { now },
  ).map(toApproval);
}

/**
 * Records a decision on a pending request. Returns null when the request is unknown or
 * already decided (the caller answers 409). Schema checks refuse `answered` on an approval
 * and `approved` on a question.
 */
export function decideApproval(store: Store, id: string, decision: Decision): Approval | null {
  const decided = store.tx(() => {
    const always = decision.status === "approved" && decision.always === true;
    const row = writeReturning<ApprovalRow>(
      store,
      `UPDATE approvals SET status = $status, answer = $answer, always = $always, decided_at = $at
       WHERE id = $id AND status = 'pending' RETURNING ${COLUMNS}`,
      {
        id,
        status: decision.status,
        answer: decision.status === "answered" ? decision.answer : null,
        always: always ? 1 : 0,
        at: nowIso(),
      },
    );
    if (!row) return null;
    if (always) addAutoApprove(store, row.conversationId, row.tool);
    crashPoint("decision-tx");
    return toApproval(row);
  });
  if (decided) crashPoint("decision-committed");
  return decided;
}

const COLUMNS = `id, conversation_id AS conversationId, run_id AS runId, tool_call_id AS toolCallId,
  tool, arguments, reason, kind, options, status, answer, always, created_at AS createdAt,
  deadline_at AS deadlineAt, decided_at AS decidedAt`;

type ApprovalRow = Omit<Approval, "arguments" | "options" | "always"> & {
  arguments: string;
  options: string | null;
  always: number;
};

function toApproval(row: ApprovalRow): Approval {
  return {
    ...row,
    arguments: JSON.parse(row.arguments) as unknown,
    options: row.options === null ? null : (JSON.parse(row.options) as string[]),
    always: row.always === 1,
  };
}

/** The newest request for a tool call in a conversation (provider call ids repeat across conversations). */
export function findForToolCall(store: Store, conversationId: string, toolCallId: string): Approval | null {
  const row = one<ApprovalRow>(
    store,
    `SELECT ${COLUMNS} FROM approvals WHERE conversation_id = $conversationId AND tool_call_id = $toolCallId
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    { conversationId, toolCallId },
  );
  return row ? toApproval(row) : null;
}
