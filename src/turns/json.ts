// The JSON shapes the API, the SSE frames and the activity hub share: snake_case records built from
// typed store rows. One place, so a conversation looks the same in every response.
import { listPending, type Approval } from "../store/approvals.ts";
import { getConversation, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { listMessages, type Message } from "../store/messages.ts";
import { listQueue } from "../store/queue.ts";
import { listSteps, type Run, type RunStep } from "../store/runs.ts";
import { findChild } from "../store/delegations.ts";
import { DELEGATE } from "../tools/delegate.ts";

export function conversationJson(c: Conversation) {
  return {
    id: c.id,
    agent_id: c.agentId,
    title: c.title,
    channel: c.channel,
    source: c.source,
    parent_id: c.parentId,
    forked_from: c.forkedFrom,
    spent_usd: c.spentUsd,
    delegated_usd: c.delegatedUsd,
    unknown_cost_calls: c.unknownCostCalls,
    cost_cap_usd: c.costCapUsd,
    autonomous: c.autonomous,
    auto_approve: c.autoApprove,
    approval_ttl_seconds: c.approvalTtlSeconds,
    skills: c.skills,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

export function messageJson(m: Message) {
  return {
    id: m.id,
    seq: m.seq,
    role: m.role,
    content: m.content,
    tool_calls: m.toolCalls,
    tool_call_id: m.toolCallId,
    name: m.name,
    provider: m.provider,
    model: m.model,
    cost_usd: m.costUsd,
    input_tokens: m.inputTokens,
    output_tokens: m.outputTokens,
    cached_tokens: m.cachedTokens,
    reasoning_tokens: m.reasoningTokens,
    source: m.source,
    created_at: m.createdAt,
  };
}

export function approvalJson(a: Approval) {
  return {
    id: a.id,
    conversation_id: a.conversationId,
    run_id: a.runId,
    tool_call_id: a.toolCallId,
    tool: a.tool,
    arguments: a.arguments,
    reason: a.reason,
    kind: a.kind,
    options: a.options,
    status: a.status,
    answer: a.answer,
    always: a.always,
    created_at: a.createdAt,
    deadline_at: a.deadlineAt,
    decided_at: a.decidedAt,
  };
}

/** GET /api/conversations/{id} and the watching frame (K-04, B-04, B-20). */
export function conversationDetail(store: Store, id: string, running: boolean) {
  const c = getConversation(store, id);
  if (!c) return null;
  return {
    ...conversationJson(c),
    running,
    messages: listMessages(store, id).map(messageJson),
    queued: listQueue(store, id).map((q) => ({
      item_id: q.id, kind: q.kind, text: q.text, source: q.source, created_at: q.createdAt,
    })),
    pending: listPending(store, id).map(approvalJson),
  };
}

export function stepJson(s: RunStep) {
  return {
    seq: s.seq,
    type: s.type,
    name: s.name,
    tool_call_id: s.toolCallId,
    arguments: s.arguments,
    result: s.result,
    status: s.status,
    provider: s.provider,
    model: s.model,
    cost_usd: s.costUsd,
    input_tokens: s.inputTokens,
    output_tokens: s.outputTokens,
    cached_tokens: s.cachedTokens,
    reasoning_tokens: s.reasoningTokens,
    started_at: s.startedAt,
    ended_at: s.endedAt,
    duration_ms: s.endedAt ? Date.parse(s.endedAt) - Date.parse(s.startedAt) : null,
  };
}

export function runJson(r: Run, steps?: RunStep[]) {
  return {
    id: r.id,
    agent_id: r.agentId,
    source: r.source,
    conversation_id: r.conversationId,
    job_id: r.jobId,
    status: r.status,
    halt_reason: r.haltReason,
    summary: r.summary,
    model: r.model,
    spent_usd: r.spentUsd,
    unknown_cost_calls: r.unknownCostCalls,
    after_seq: r.afterSeq,
    resumed: r.resumed,
    started_at: r.startedAt,
    ended_at: r.endedAt,
    ...(steps ? { steps: steps.map(stepJson) } : {}),
  };
}

/** What the activity hub says of a run: enough to know whether to look again. */
export function runFrame(r: Run) {
  return { id: r.id, status: r.status, conversation_id: r.conversationId };
}

export function runWithSteps(store: Store, r: Run) {
  const run = runJson(r, listSteps(store, r.id));
  // A delegate step names the child conversation it opened, so a run card can open it (F-11).
  const childOf = (callId: string | null) =>
    callId && r.conversationId ? findChild(store, r.conversationId, callId)?.id ?? null : null;
  const steps = run.steps!.map((s) =>
    (s.name === DELEGATE ? { ...s, child_conversation_id: childOf(s.tool_call_id) } : s));
  return { ...run, steps };
}
