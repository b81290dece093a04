// Boot after a restart (C-09…C-13, C-20, C-21): close what the dead process left open, then hand each
// conversation's cut run back, once, to whoever normally reads that kind of turn (C-14). `resumed` is
// written before the turn's first step, so a resumed turn that kills the server is not retried (C-11).
import { closeDangling } from "../agent/cut-calls.ts";
import { crashPoint } from "../crash-point.ts";
import { listPending } from "../store/approvals.ts";
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { listMessages } from "../store/messages.ts";
import { closeOrphanedWaiting, closeStaleRunning, findCutRuns, listSteps, reopenRun } from "../store/runs.ts";
import { setRunStatus, type Run } from "../store/runs.ts";
import { sqlTurnStore } from "./sql-turn-store.ts";
import { toChat } from "./model-view.ts";

/** Whoever reads a kind of turn: TurnHost now; the Telegram bot and the scheduler once they exist. */
export interface CutTurnReader {
  /** True when this reader reads turns of `source` and can answer them now (a bot that is up). */
  reads(source: string): boolean;
  /** Continues the reopened run. `cut`: it was running when the process died, so C-26 applies. */
  resume(run: Run, opts: { cut: boolean }): void;
}

/** The runs the boot closed: `fromWaiting` were paused for a decision that came while no process ran. */
export type BootClose = { closed: Run[]; fromWaiting: Set<string> };

/** Boot step "close stale runs" (O-08): running → interrupted (C-09); orphaned waiting → interrupted (C-21). */
export function closeLeftOpen(store: Store): BootClose {
  const stale = closeStaleRunning(store);
  const orphaned = closeOrphanedWaiting(store);
  return { closed: [...stale, ...orphaned], fromWaiting: new Set(orphaned.map((r) => r.id)) };
}

export type ResumeReport = { resumed: string[]; skipped: { runId: string; why: string }[] };

/** Boot step "resume cut turns" (O-08): each conversation's newest cut run, never resumed, continues. */
export function resumeCutTurns(store: Store, boot: BootClose, readers: CutTurnReader[], log = (_: string) => {}) {
  const report: ResumeReport = { resumed: [], skipped: [] };
  const skip = (run: Run, why: string, closeCalls = false) => {
    report.skipped.push({ runId: run.id, why });
    if (closeCalls) closeCallsOf(store, run);
  };
  for (const run of findCutRuns(store)) {
    const conv = getConversation(store, run.conversationId!);
    if (!conv) skip(run, "conversation deleted");
    else if (listPending(store, conv.id).length > 0) skip(run, "waiting for a decision, which continues it");
    else if (answered(store, run)) skip(run, "its answer was already stored");
    else if (conv.costCapUsd > 0 && conv.spentUsd >= conv.costCapUsd) skip(run, "its budget is spent", true);
    else {
      const reader = readers.find((r) => r.reads(run.source));
      if (!reader) skip(run, `nobody reads ${run.source} turns now`);
      else {
        const reopened = reopenRun(store, run.id);
        if (reopened) {
          log(`resuming run ${run.id}, cut by the restart`);
          crashPoint("resume-start");
          reader.resume(reopened, { cut: !boot.fromWaiting.has(run.id) });
          report.resumed.push(run.id);
        }
      }
    }
  }
  // A run whose resume was itself cut is never resumed again (C-11): its calls are closed here.
  for (const run of boot.closed) if (run.resumed && run.conversationId) closeCallsOf(store, run);
  return report;
}

/**
 * The process died between storing the turn's final answer and writing its status: nothing is left
 * to do, and answering again would answer twice. The run is recorded as what it was: done.
 */
function answered(store: Store, run: Run): boolean {
  const last = listMessages(store, run.conversationId!, run.afterSeq ?? 0).at(-1);
  const calls = Array.isArray(last?.toolCalls) ? last.toolCalls.length : 0;
  if (!last || last.role !== "assistant" || calls > 0 || !last.content.trim()) return false;
  if (listSteps(store, run.id).filter((s) => s.type === "model").at(-1)?.status !== "done") return false;
  setRunStatus(store, run.id, "done", { summary: last.content.slice(0, 200) });
  return true;
}

/** Closes the conversation's unanswered calls, unless it waits for a decision (that turn settles them). */
function closeCallsOf(store: Store, run: Run): void {
  if (!getConversation(store, run.conversationId!) || listPending(store, run.conversationId!).length > 0) return;
  closeDangling(sqlTurnStore(store, run.conversationId!, run.id), toChat(listMessages(store, run.conversationId!)));
}
