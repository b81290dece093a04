// The facts of a prompt job's run that its delivery reads (job-delivery.ts), from the store: the final
// turn's assistant texts, the steps, the tools an expired approval denied, what a paused turn waits for.
import { listPending } from "../store/approvals.ts";
import { getConversation } from "../store/conversations.ts";
import { speakerOf } from "../scheduler/notices.ts";
import type { Store } from "../store/db.ts";
import { listMessages } from "../store/messages.ts";
import { listSteps } from "../store/run-steps.ts";
import { getRun, listRuns } from "../store/runs.ts";
import type { Crew } from "../turns/crew.ts";
import type { JobRunFacts } from "./job-delivery.ts";

/** The run's facts, or why there are none: its agent is not in the crew (L-65), or it is gone. */
export function jobRunFacts(
  store: Store,
  crew: Crew,
  conversationId: string,
  runId: string,
): { ok: true; facts: JobRunFacts } | { ok: false; why: string } {
  const run = getRun(store, runId);
  const conv = getConversation(store, conversationId);
  if (!run || !conv) return { ok: false, why: `run ${runId} or its conversation is gone` };
  const agent = crew.get(conv.agentId);
  if (!agent) return { ok: false, why: `agent ${conv.agentId} is not in the crew` };
  const steps = listSteps(store, runId);
  const pending = listPending(store, conversationId)[0];
  return {
    ok: true,
    facts: {
      speaker: speakerOf({ agentId: agent.id }, (id) => crew.get(id)?.name),
      workspace: agent.workspace,
      status: run.status,
      haltReason: run.haltReason,
      summary: run.summary,
      spentUsd: run.spentUsd,
      unknownCostCalls: run.unknownCostCalls,
      steps: steps.length,
      texts: turnTexts(store, conversationId, run.afterSeq ?? 0, run.startedAt),
      expiredTools: steps.filter((s) => s.type === "tool" && s.status === "expired").map((s) => s.name ?? "?"),
      pending: pending ? { kind: pending.kind, tool: pending.tool } : null,
    },
  };
}

/** Assistant texts after the run's start, up to where a later run of the conversation begins. */
function turnTexts(store: Store, conversationId: string, afterSeq: number, startedAt: string): string[] {
  const later = listRuns(store, { conversationId, limit: 500 })
    .filter((r) => r.startedAt > startedAt && r.afterSeq !== null)
    .map((r) => r.afterSeq!);
  const upTo = later.length > 0 ? Math.min(...later) : Infinity;
  return listMessages(store, conversationId, afterSeq)
    .filter((m) => m.seq <= upTo && m.role === "assistant" && m.content.trim() !== "")
    .map((m) => m.content);
}
