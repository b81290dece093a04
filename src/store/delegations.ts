// Delegated children (F-10, F-11, C-16): a child conversation has the delegating conversation as parent_id
// and its first message (the task) carries the id of the delegate call that opened it. Children are found
// through that call id only, and counted from the parent's history, so a fork counts its origin's.
import { createConversation, getConversation, type Conversation, type NewConversation } from "./conversations.ts";
import { one, type Store } from "./db.ts";
import { appendMessage } from "./messages.ts";

export type NewChild = Omit<NewConversation, "parentId" | "source"> & {
  parentId: string;
  callId: string;
  task: string;
};

/** Opens the child and stores its task in one transaction: a child never exists without its call id. */
export function openChild(store: Store, input: NewChild): Conversation {
  return store.tx(() => {
    const { callId, task, ...conv } = input;
    const source = `delegate:${input.parentId}`;
    const child = createConversation(store, { ...conv, source });
    appendMessage(store, { conversationId: child.id, role: "user", content: task, toolCallId: callId, source });
    return child;
  });
}

/** The child a delegate call of `parentId` opened, if any (provider call ids repeat across conversations). */
export function findChild(store: Store, parentId: string, callId: string): Conversation | null {
  const row = one<{ id: string }>(
    store,
    `SELECT c.id FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.seq = 1
     WHERE c.parent_id = $parentId AND m.tool_call_id = $callId ORDER BY c.created_at LIMIT 1`,
    { parentId, callId },
  );
  return row ? getConversation(store, row.id) : null;
}

/** A tool_script call's delegations carry `<its call id>:<n>` (H-37), so they count as the conversation's too. */
const SCRIPT_CALLS = "tool_script";

/**
 * How many children the calls named `tool` in the conversation's history opened, and those its tool_script
 * calls opened (H-38). The parents looked at are
 * the conversation and the origins it was forked from, so a fork sees (and is charged with) theirs.
 */
export function countChildren(store: Store, conversationId: string, tool: string): number {
  const row = one<{ n: number }>(
    store,
    `WITH RECURSIVE line(id, depth) AS (
       SELECT $id, 0
       UNION ALL SELECT c.forked_from, line.depth + 1 FROM conversations c JOIN line ON c.id = line.id
       WHERE c.forked_from IS NOT NULL AND line.depth < 50)
     SELECT count(*) AS n FROM conversations child
       JOIN messages first ON first.conversation_id = child.id AND first.seq = 1
     WHERE child.parent_id IN (SELECT id FROM line)
       AND EXISTS (
         SELECT 1 FROM messages m, json_each(m.tool_calls) call
         WHERE m.conversation_id = $id AND m.role = 'assistant' AND m.tool_calls IS NOT NULL
           AND ((json_extract(call.value, '$.name') = $tool AND first.tool_call_id = json_extract(call.value, '$.id'))
             OR (json_extract(call.value, '$.name') = $script
               AND substr(first.tool_call_id, 1, length(json_extract(call.value, '$.id')) + 1)
                 = json_extract(call.value, '$.id') || ':')))`,
    { id: conversationId, tool, script: SCRIPT_CALLS },
  );
  return row?.n ?? 0;
}
