// The one command layer (docs/api.md): send, stop, decide, patch and delete, for the JSON API and the
// chat screen alike. Each writes the store, moves the turn host and tells the activity hub what
// changed; routes only parse their input and encode the outcome.
import type { ActivityHub } from "../activity/hub.ts";
import { decideApproval, getApproval, type Approval, type Decision } from "../store/approvals.ts";
import { deleteConversation, getConversation, renameConversation, touchConversation, updateOptions }
  from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { getRun } from "../store/runs.ts";
import { T } from "../texts/vi.ts";
import type { TurnHost } from "./host.ts";
import { conversationJson } from "./json.ts";
import { send as sendMessage, type SendInput, type SendOutcome } from "./send.ts";

export type CommandDeps = { store: Store; host: TurnHost; hub: ActivityHub };

export type Rejected = { kind: "rejected"; status: 404 | 409 | 422; detail: string };
export type DecideOutcome = Rejected | { kind: "decided"; approval: Approval; runId: string | null };
/** A decision as a person gives it: approve (perhaps always), deny, or an answer to a question. */
export type DecideInput = { decision: "approve" | "deny"; always?: boolean } | { answer: string };
export type PatchInput = {
  title?: string; autonomous?: boolean; costCapUsd?: number; revokeAutoApprove?: string;
  /** The skill toggles that are on (F-20), replacing the list; names checked by the caller. */
  skills?: string[];
};

export function send(d: CommandDeps, input: SendInput): SendOutcome {
  const out = sendMessage(d.host, d.store, input);
  // A queued message changes the chips every screen of the conversation shows.
  if (out.kind === "queued") changed(d, input.conversationId);
  return out;
}

/** Stop (B-21…B-24): null when there is no such conversation. */
export function stop(d: CommandDeps, conversationId: string): { cleared: string[]; cancelled: boolean } | null {
  if (!getConversation(d.store, conversationId)) return null;
  const out = d.host.stop(conversationId);
  changed(d, conversationId);
  return out;
}

/** A decision continues the run it paused (B-19), unless the conversation already runs a turn. */
export function decide(d: CommandDeps, approvalId: string, input: DecideInput): DecideOutcome {
  const existing = getApproval(d.store, approvalId);
  if (!existing) return { kind: "rejected", status: 404, detail: T.approvalNotFound };
  const isAnswer = "answer" in input;
  if (isAnswer !== (existing.kind === "question")) {
    return { kind: "rejected", status: 422, detail: isAnswer ? T.answerNeedsQuestion : T.questionNeedsAnswer };
  }
  const decision: Decision = "answer" in input
    ? { status: "answered", answer: input.answer }
    : input.decision === "approve" ? { status: "approved", always: input.always === true } : { status: "denied" };
  const decided = decideApproval(d.store, existing.id, decision);
  if (!decided) return { kind: "rejected", status: 409, detail: T.alreadyDecided };
  changed(d, decided.conversationId);
  const run = decided.runId ? getRun(d.store, decided.runId) : null;
  const idle = run && !d.host.running(decided.conversationId);
  const turn = idle ? d.host.start(decided.conversationId, { source: run.source, continueRunId: run.id }) : null;
  return { kind: "decided", approval: decided, runId: turn?.runId ?? null };
}

/** The longest title a person may give a conversation. */
export const TITLE_MAX = 200;

/** Edits the conversation's title and options; false when there is no such conversation. */
export function patch(d: CommandDeps, id: string, v: PatchInput): boolean {
  const conv = getConversation(d.store, id);
  if (!conv) return false;
  d.store.tx(() => {
    if (v.title !== undefined) renameConversation(d.store, id, v.title);
    const autoApprove = v.revokeAutoApprove ? conv.autoApprove.filter((t) => t !== v.revokeAutoApprove) : undefined;
    updateOptions(d.store, id, { autonomous: v.autonomous, costCapUsd: v.costCapUsd, autoApprove, skills: v.skills });
    // A user edit of the conversation is a real change (K-05).
    touchConversation(d.store, id);
  });
  changed(d, id);
  return true;
}

/** Delete (K-17): the host's turn closes as interrupted; false when there is no such conversation. */
export function remove(d: CommandDeps, id: string): boolean {
  if (!deleteConversation(d.store, id)) return false;
  d.host.forget(id);
  d.hub.conversation({ id, deleted: true });
  return true;
}

function changed(d: CommandDeps, id: string): void {
  const conv = getConversation(d.store, id);
  if (conv) d.hub.conversation(conversationJson(conv));
}
