// Everything the chat screen renders for one conversation, read from the store in one place.
import type { ChatData } from "../../views/chat-page.ts";
import type { ActivityData } from "../../views/conv-activity.ts";
import { listPending } from "../store/approvals.ts";
import { listCompactions } from "../store/compactions.ts";
import { getConversation } from "../store/conversations.ts";
import { all } from "../store/db.ts";
import { listMessages, type Message } from "../store/messages.ts";
import { listQueue } from "../store/queue.ts";
import { listRuns, listSteps, type Run } from "../store/runs.ts";
import { MASTER, type AppDeps } from "./deps.ts";
import { delegateLinks } from "./delegate-links.ts";
import { canvasPanelData } from "./canvas-data.ts";
import { headerData } from "./header-data.ts";
import { isDelegated } from "../turns/delegation.ts";
import { FORK_SOURCE } from "../turns/fork.ts";
import { toolMeta } from "./tool-meta.ts";

export function chatData(d: AppDeps, id: string): ChatData | null {
  const conversation = getConversation(d.store, id);
  if (!conversation) return null;
  const agent = d.crew().get(conversation.agentId);
  const active = d.host.running(id);
  const runs = listRuns(d.store, { conversationId: id, limit: 200 });
  const messages = listMessages(d.store, id);
  return {
    conversation,
    thread: {
      messages,
      runs,
      toolStatus: toolStatuses(d, id),
      toolMeta: toolMeta(d.store, id, messages, agent?.tools ?? []),
      agentId: conversation.agentId,
      agentName: agent?.name ?? conversation.agentId,
      liveRunId: active?.runId,
      liveText: active?.watch.text,
      forkable: !isDelegated(conversation),
      compactions: listCompactions(d.store, id),
    },
    pending: listPending(d.store, id)[0] ?? null,
    queued: listQueue(d.store, id),
    running: !!active,
    runningRunId: active?.runId ?? null,
    activity: activityOf(d, id, runs),
    noRoute: (d.crew().get(MASTER)?.routes.length ?? 0) === 0,
    header: headerData(d, conversation),
    canvases: canvasPanelData(d.store, id),
  };
}

/** The activity column: the latest 20 runs with their steps. */
export function activityData(d: AppDeps, id: string): ActivityData {
  return activityOf(d, id, listRuns(d.store, { conversationId: id, limit: 20 }));
}

function activityOf(d: AppDeps, id: string, runs: Run[]): ActivityData {
  const maxSteps = d.crew().get(getConversation(d.store, id)?.agentId ?? "")?.maxSteps ?? 30;
  const withSteps = runs.slice(0, 20).map((run) => ({ run, steps: listSteps(d.store, run.id) }));
  return { conversationId: id, runs: withSteps, maxSteps, children: delegateLinks(d, withSteps) };
}

/** Exactly one run's messages: after its mark, up to the next run's mark (J-14). */
export function messagesOf(d: AppDeps, run: Run): Message[] {
  const id = run.conversationId ?? "";
  const from = run.afterSeq ?? 0;
  const marks = listRuns(d.store, { conversationId: id, limit: 500 }).map((r) => r.afterSeq ?? -1);
  const next = marks.filter((a) => a > from).sort((a, b) => a - b)[0];
  return listMessages(d.store, id, from).filter((m) => next === undefined || m.seq <= next);
}

/** How each tool call of the conversation ended, from its run step (done, denied, refused…); a call a fork
 * closed has no run step and is `forked` (docs/fork.md). */
export function toolStatuses(d: AppDeps, conversationId: string): Map<string, string> {
  const rows = all<{ id: string; status: string }>(
    d.store,
    `SELECT s.tool_call_id AS id, s.status FROM run_steps s JOIN runs r ON r.id = s.run_id
     WHERE r.conversation_id = $conversationId AND s.type = 'tool' AND s.tool_call_id IS NOT NULL
     UNION ALL SELECT tool_call_id, 'forked' FROM messages
     WHERE conversation_id = $conversationId AND role = 'tool' AND source = $fork`,
    { conversationId, fork: FORK_SOURCE },
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}
