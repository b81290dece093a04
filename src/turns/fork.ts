// Fork (K-07…K-12): a new conversation holding copies of every message before a stored user message of
// the origin. Create, copy and closing the copy's open calls happen in one transaction (one lock hold),
// so a failure at any step leaves no half branch; the origin is only read, never changed.
import { CUT } from "../agent/cut-calls.ts";
import { unansweredCalls } from "../llm/history.ts";
import { crashPoint } from "../crash-point.ts";
import { copyCompactions } from "../store/compactions.ts";
import { createConversation, getConversation, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { appendMessage, copyMessages, getMessage, listMessages } from "../store/messages.ts";
import { TFork } from "../texts/vi-fork.ts";
import { T } from "../texts/vi.ts";
import type { Rejected } from "./commands.ts";
import { isDelegated } from "./delegation.ts";
import { toChat } from "./model-view.ts";

/** What a new branch starts with from its agent: the same defaults a new conversation gets (K-09). */
export type AgentDefaults = { costCapUsd: number; autonomous: boolean; approvalTtlSeconds: number };

export type Forked = { kind: "forked"; conversation: Conversation; copied: number; closed: number };

/** The `source` of the results a fork wrote itself: the chat shows those calls as not run (status `forked`). */
export const FORK_SOURCE = "fork";

/** The longest title a branch gets, suffix included (the rename limit). */
const TITLE_MAX = 200;

/**
 * Forks `originId` before the stored user message `beforeMessageId`. A queued message has no row in
 * messages, so it is refused like any id that is not this conversation's. Allowed while the origin
 * runs a turn: only stored messages before the cut are read.
 */
export function fork(
  store: Store,
  originId: string,
  beforeMessageId: number,
  defaults: (agentId: string) => AgentDefaults | undefined,
): Rejected | Forked {
  const origin = getConversation(store, originId);
  if (!origin) return { kind: "rejected", status: 404, detail: T.conversationNotFound };
  // A child's first message is the parent agent's words, not the owner's (K-08).
  if (isDelegated(origin)) return { kind: "rejected", status: 422, detail: TFork.childRefused };
  const cut = getMessage(store, beforeMessageId);
  if (!cut || cut.conversationId !== origin.id) return { kind: "rejected", status: 422, detail: TFork.notAMessage };
  if (cut.role !== "user") return { kind: "rejected", status: 422, detail: TFork.notUser };
  const agent = defaults(origin.agentId);
  return store.tx(() => {
    // Spend starts at 0 and auto_approve empty: permissions do not travel with history (K-09).
    const branch = createConversation(store, {
      agentId: origin.agentId,
      title: branchTitle(origin.title),
      forkedFrom: origin.id,
      costCapUsd: agent?.costCapUsd,
      autonomous: agent?.autonomous ?? false,
      approvalTtlSeconds: agent?.approvalTtlSeconds,
    });
    const copied = copyMessages(store, origin.id, branch.id, cut.seq);
    copyCompactions(store, origin.id, branch.id, cut.seq);
    const closed = closeCopiedCalls(store, branch.id);
    crashPoint("fork-tx");
    return { kind: "forked" as const, conversation: branch, copied, closed };
  });
}

/** The origin's title with the suffix once: a branch of a branch does not stack it (M-17). */
export function branchTitle(originTitle: string): string {
  const base = originTitle.trim() || T.untitled;
  const bare = base.endsWith(` ${TFork.suffix}`) ? base.slice(0, -TFork.suffix.length - 1) : base;
  const room = TITLE_MAX - TFork.suffix.length - 1;
  return `${bare.length > room ? bare.slice(0, room).trimEnd() : bare} ${TFork.suffix}`;
}

/**
 * Gives every call the copy left without a result a refusal (K-10), so the branch's first turn never
 * runs a state-changing call of the origin's history again. Returns how many were closed.
 */
function closeCopiedCalls(store: Store, branchId: string): number {
  const open = unansweredCalls(toChat(listMessages(store, branchId)));
  for (const { call } of open) {
    const result = { content: CUT.forked, toolCallId: call.id, name: call.name, source: FORK_SOURCE };
    appendMessage(store, { conversationId: branchId, role: "tool", ...result });
  }
  return open.length;
}
