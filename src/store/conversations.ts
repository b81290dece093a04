// Conversations: one agent's thread with its spend, cap and options (K-01).
// updated_at moves only through touchConversation (K-05): background bookkeeping
// (title, summary, spend) never bumps it. Delete removes the conversation, its queue and
// its conv: script store in one transaction (K-17, H-43).
import { all, newId, nowIso, one, write, writeReturning, type Store } from "./db.ts";
import { forgetLog } from "./message-log.ts";
import { convNamespace } from "./script-store.ts";
import type { Conversation } from "../models/conversations.ts";

export type { Conversation };

/** The web's own conversations: each is opened by hand and follows on from none (G-10). */
const WEB_CHANNEL = "web";

export type NewConversation = { agentId: string } & Partial<
  Pick<
    Conversation,
    "id" | "title" | "channel" | "source" | "parentId" | "forkedFrom" | "costCapUsd" | "autonomous"
    | "approvalTtlSeconds" | "skills"
  >
>;

/** The options a user edits from the chat header (K-21). */
export type ConversationOptions = Partial<
  Pick<Conversation, "autonomous" | "autoApprove" | "skills" | "costCapUsd" | "approvalTtlSeconds">
>;

export function createConversation(store: Store, input: NewConversation): Conversation {
  const row = writeReturning<ConversationRow>(
    store,
    `INSERT INTO conversations (id, agent_id, title, channel, source, parent_id, forked_from,
       cost_cap_usd, autonomous, approval_ttl_seconds, skills, created_at, updated_at)
     VALUES ($id, $agentId, $title, $channel, $source, $parentId, $forkedFrom,
       $costCapUsd, $autonomous, $ttl, $skills, $at, $at)
     RETURNING ${COLUMNS}`,
    {
      id: input.id ?? newId(),
      agentId: input.agentId,
      title: input.title ?? "",
      channel: input.channel ?? WEB_CHANNEL,
      source: input.source ?? "chat",
      parentId: input.parentId ?? null,
      forkedFrom: input.forkedFrom ?? null,
      costCapUsd: input.costCapUsd ?? 1,
      autonomous: input.autonomous ? 1 : 0,
      ttl: input.approvalTtlSeconds ?? 600,
      skills: JSON.stringify(input.skills ?? []),
      at: nowIso(),
    },
  );
  return toConversation(row!);
}

export function getConversation(store: Store, id: string): Conversation | null {
  const row = one<ConversationRow>(store, `SELECT ${COLUMNS} FROM conversations WHERE id = $id`, { id });
  return row ? toConversation(row) : null;
}

/** Newest first by updated_at; delegated children are left out unless asked for (K-03). */
export function listConversations(
  store: Store,
  opts: { agentId?: string; includeChildren?: boolean; limit?: number } = {},
): Conversation[] {
  return all<ConversationRow>(
    store,
    `SELECT ${COLUMNS} FROM conversations
     WHERE ($agentId IS NULL OR agent_id = $agentId) AND ($children = 1 OR parent_id IS NULL)
     ORDER BY updated_at DESC, rowid DESC LIMIT $limit`,
    { agentId: opts.agentId ?? null, children: opts.includeChildren ? 1 : 0, limit: opts.limit ?? 200 },
  ).map(toConversation);
}

/** The newest conversation opened on a channel at or after `since` (K-20: the day's one); never a child,
 * which carries its root's channel (F-11). */
export function latestOnChannel(store: Store, channel: string, since: string, agentId?: string): Conversation | null {
  const row = one<ConversationRow>(
    store,
    `SELECT ${COLUMNS} FROM conversations WHERE channel = $channel AND created_at >= $since
       AND ($agentId IS NULL OR agent_id = $agentId) AND parent_id IS NULL
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    { channel, since, agentId: agentId ?? null },
  );
  return row ? toConversation(row) : null;
}

/** The conversation a channel had before `conv` (same channel and agent, top level, with messages: an empty
 * one opened by a repeated /new has nothing to hand on): whose summary it starts from (G-10). None for the
 * web's, nor for a delegated child (it carries its root's channel). */
export function previousOnChannel(store: Store, conv: Conversation): Conversation | null {
  if (conv.channel === WEB_CHANNEL || conv.parentId !== null) return null;
  const row = one<ConversationRow>(
    store,
    `SELECT ${COLUMNS} FROM conversations WHERE channel = $channel AND agent_id = $agentId AND parent_id IS NULL
       AND id <> $id AND (created_at < $at OR (created_at = $at AND rowid < (SELECT rowid FROM conversations
       WHERE id = $id)))
       AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = conversations.id)
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    { channel: conv.channel, agentId: conv.agentId, id: conv.id, at: conv.createdAt },
  );
  return row ? toConversation(row) : null;
}

/** The one place updated_at moves: a message, a turn, or a user edit (K-05). */
export function touchConversation(store: Store, id: string, at: string = nowIso()): boolean {
  return write(store, "UPDATE conversations SET updated_at = $at WHERE id = $id", { id, at }) > 0;
}

/** Title only; a user rename also calls touchConversation, a generated title does not. */
export function renameConversation(store: Store, id: string, title: string): boolean {
  return write(store, "UPDATE conversations SET title = $title WHERE id = $id", { id, title }) > 0;
}

export function setSummary(store: Store, id: string, summary: string): boolean {
  return write(store, "UPDATE conversations SET summary = $summary WHERE id = $id", { id, summary }) > 0;
}

/**
 * Adds spend without bumping updated_at (E-15). A NULL-priced call is counted in
 * unknownCalls, never as 0 (E-01); delegated spend also counts toward delegated_usd.
 */
export function addSpend(
  store: Store,
  id: string,
  spend: { usd?: number; unknownCalls?: number; delegated?: boolean },
): boolean {
  const usd = spend.usd ?? 0;
  return write(
    store,
    `UPDATE conversations SET spent_usd = spent_usd + $usd, delegated_usd = delegated_usd + $delegated,
       unknown_cost_calls = unknown_cost_calls + $unknown WHERE id = $id`,
    { id, usd, delegated: spend.delegated ? usd : 0, unknown: spend.unknownCalls ?? 0 },
  ) > 0;
}

/** Applies the given options and returns the updated conversation (null if gone). */
export function updateOptions(store: Store, id: string, opts: ConversationOptions): Conversation | null {
  const row = writeReturning<ConversationRow>(
    store,
    `UPDATE conversations SET
       autonomous = coalesce($autonomous, autonomous),
       auto_approve = coalesce($autoApprove, auto_approve),
       skills = coalesce($skills, skills),
       cost_cap_usd = coalesce($cap, cost_cap_usd),
       approval_ttl_seconds = coalesce($ttl, approval_ttl_seconds)
     WHERE id = $id RETURNING ${COLUMNS}`,
    {
      id,
      autonomous: opts.autonomous === undefined ? null : opts.autonomous ? 1 : 0,
      autoApprove: opts.autoApprove ? JSON.stringify([...new Set(opts.autoApprove)]) : null,
      skills: opts.skills ? JSON.stringify(opts.skills) : null,
      cap: opts.costCapUsd ?? null,
      ttl: opts.approvalTtlSeconds ?? null,
    },
  );
  return row ? toConversation(row) : null;
}

/** Adds a tool to auto_approve once (D-07); a no-op when it is already there. */
export function addAutoApprove(store: Store, id: string, tool: string): boolean {
  return write(
    store,
    `UPDATE conversations SET auto_approve = json_insert(auto_approve, '$[#]', $tool)
     WHERE id = $id AND NOT EXISTS (SELECT 1 FROM json_each(auto_approve) WHERE value = $tool)`,
    { id, tool },
  ) > 0;
}

/** Removes the conversation with its queue and its conv: script store in one transaction;
 * messages, request ids, approvals and canvases go by ON DELETE CASCADE (and its message log with them). */
export function deleteConversation(store: Store, id: string): boolean {
  forgetLog(store, id);
  return store.tx(() => {
    write(store, "DELETE FROM queued_messages WHERE conversation_id = $id", { id });
    write(store, "DELETE FROM script_store WHERE namespace = $ns", { ns: convNamespace(id) });
    return write(store, "DELETE FROM conversations WHERE id = $id", { id }) > 0;
  });
}

const COLUMNS = `id, agent_id AS agentId, title, channel, source, parent_id AS parentId,
  forked_from AS forkedFrom, summary, spent_usd AS spentUsd, delegated_usd AS delegatedUsd,
  unknown_cost_calls AS unknownCostCalls, cost_cap_usd AS costCapUsd, autonomous,
  auto_approve AS autoApprove, approval_ttl_seconds AS approvalTtlSeconds, skills,
  created_at AS createdAt, updated_at AS updatedAt`;

type ConversationRow = Omit<Conversation, "autonomous" | "autoApprove" | "skills"> & {
  autonomous: number;
  autoApprove: string;
  skills: string;
};

function toConversation(row: ConversationRow): Conversation {
  return {
    ...row,
    autonomous: row.autonomous === 1,
    autoApprove: JSON.parse(row.autoApprove) as string[],
    skills: JSON.parse(row.skills) as string[],
  };
}
