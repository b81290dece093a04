// One delegation (F-09, F-11, F-12, C-16, C-17): opens the child conversation (or finds the one this call
// opened before a restart), runs one turn of the child agent through the turn host — so activity shows it
// under the child's name and an always-ask tool pauses it for the owner like any turn — waits until that
// run has ended, however many approvals it waits for, and says how it ended: runtime facts first, then
// the `Status:` line the child wrote.
import type { ToolContext } from "../tools/define.ts";
import type { DelegateResult } from "../tools/delegate.ts";
import { getConversation, type Conversation } from "../store/conversations.ts";
import { newId } from "../store/db.ts";
import { findChild, openChild } from "../store/delegations.ts";
import { listMessages } from "../store/messages.ts";
import { getRun, listRuns, type Run } from "../store/runs.ts";
import type { DelegationDeps } from "./delegation.ts";

const OPEN = new Set(["running", "waiting"]);

export async function runDelegation(
  d: DelegationDeps,
  agentId: string,
  task: string,
  ctx: ToolContext,
): Promise<DelegateResult> {
  const parent = getConversation(d.store, ctx.conversationId ?? "");
  const agent = d.crew().get(agentId);
  if (!parent || !agent) throw new Error(`cannot delegate to ${agentId} from here`);
  const callId = ctx.callId ?? newId();
  const child = findChild(d.store, parent.id, callId) ?? openChild(d.store, {
    parentId: parent.id,
    callId,
    task: brief(task, d.crew().get(parent.agentId)?.name ?? parent.agentId),
    agentId,
    title: task.replace(/\s+/g, " ").trim().slice(0, 60),
    // Canvas permissions follow the chain's root conversation (F-11); the parent pays, so its cap bounds it.
    channel: parent.channel,
    costCapUsd: parent.costCapUsd > 0 ? Math.max(parent.costCapUsd - parent.spentUsd, 0) : 0,
    autonomous: parent.autonomous,
    approvalTtlSeconds: parent.approvalTtlSeconds,
  });
  const known = listRuns(d.store, { conversationId: child.id, limit: 1 })[0];
  const runId = known?.id ?? d.host.start(child.id, { source: child.source, afterSeq: 0 }).runId;
  const run = await ended(d, runId, child.id, ctx.signal);
  if (!run) {
    // The parent was cut: its child stops too (a shutdown cuts every turn itself and keeps them for the boot).
    if (ctx.signal.reason !== "shutdown") d.host.stop(child.id);
    await d.host.running(child.id)?.done;
    const spent = getRun(d.store, runId);
    if (spent) ctx.attach?.({ delegatedSpend: spendOf(spent) });
    throw new Error(`the delegated task of ${agentId} was cut`);
  }
  return outcome(d, child, run, agent.name);
}

/** The task as the child reads it: the member sees only this, so it says who asks and how to end. */
function brief(task: string, from: string): string {
  return `${task}\n\n(Task delegated by ${from}. Your answer is passed on as it is, so make it complete. ` +
    'If you could not finish the task, end with a line "Status: blocked" and say why.)';
}

/**
 * Resolves with the run once it has ended (null if the signal fires first); waits through its approvals.
 * A change of the child conversation is looked at too: deleting it closes a waiting run without a frame.
 */
function ended(d: DelegationDeps, runId: string, childId: string, signal: AbortSignal): Promise<Run | null> {
  return new Promise((resolve) => {
    const done = (run: Run | null) => {
      unlisten();
      signal.removeEventListener("abort", cut);
      resolve(run);
    };
    const check = () => {
      const run = getRun(d.store, runId);
      if (!run || !OPEN.has(run.status)) done(run);
    };
    const cut = () => done(null);
    const unlisten = d.hub.listen((s) => {
      if ((s.type === "run" && s.id === runId) || (s.type === "conversation" && s.conversation_id === childId)) check();
    });
    signal.addEventListener("abort", cut);
    if (signal.aborted) cut();
    else check();
  });
}

function outcome(d: DelegationDeps, child: Conversation, run: Run, name: string): DelegateResult {
  const answer = lastAnswer(d, child.id, run.afterSeq ?? 0);
  const declared = declaredStatus(answer);
  const spend = spendOf(run);
  if (run.status === "done" && answer && (declared === null || declared === "done")) {
    return { output: answer, relay: withoutStatusLine(answer), spend };
  }
  const how = run.status === "halted" ? `it was halted (${run.haltReason})`
    : run.status !== "done" ? `its run ended ${run.status}`
    : declared ? `it reported "Status: ${declared}"` : "it gave no answer";
  return { output: `${name} did not finish the task: ${how}. Its last answer:\n\n${answer || "(none)"}`, spend };
}

function lastAnswer(d: DelegationDeps, conversationId: string, afterSeq: number): string {
  const said = listMessages(d.store, conversationId, afterSeq).filter((m) => m.role === "assistant");
  return said.filter((m) => m.content.trim()).at(-1)?.content.trim() ?? "";
}

const STATUS_LINE = /^[ \t*_]*Status:[ \t*_]*([A-Za-z_-]+)[^\n]*$/gim;

/** The status the child declared in its last `Status:` line, lower-cased; null when it wrote none. */
export function declaredStatus(answer: string): string | null {
  const all = [...answer.matchAll(STATUS_LINE)];
  return all.at(-1)?.[1]?.toLowerCase() ?? null;
}

/** A final `Status: done` line is for the runtime, not the owner. */
function withoutStatusLine(answer: string): string {
  const lines = answer.trimEnd().split("\n");
  if (lines.length > 1 && new RegExp(STATUS_LINE.source, "im").test(lines.at(-1)!)) lines.pop();
  return lines.join("\n").trimEnd();
}

function spendOf(run: Run): { usd: number; unknownCalls: number } {
  return { usd: run.spentUsd, unknownCalls: run.unknownCostCalls };
}
