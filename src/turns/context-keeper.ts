// Keeps a conversation's context under its model's window (issue 20). Before each model call: past the
// threshold (compact_at_percent of the first route's window) the oldest turns are summarised by a metered
// side call and the summary stored with the range it replaces; a turn that still would not fit is refused.
import type { ContextFit, ContextPort } from "../agent/context.ts";
import type { ChainOptions } from "../llm/chain.ts";
import { sideCall, type LedgerRow } from "../llm/metered.ts";
import type { Route } from "../llm/types.ts";
import { contextWindow } from "../llm/windows.ts";
import { addCompaction, latestCompaction } from "../store/compactions.ts";
import type { Store } from "../store/db.ts";
import { messageLog } from "../store/message-log.ts";
import type { Message } from "../store/messages.ts";
import { TContext } from "../texts/vi-context.ts";
import { chooseCut, contextTokens, cutPoints, estimateTokens, fixedTokens } from "./context-plan.ts";
import { compactionRequest } from "./context-summary.ts";
import { keptFrom, summaryHeader } from "./model-view.ts";

export type KeeperDeps = {
  store: Store;
  conversationId: string;
  runId: string;
  routes: Route[];
  compactAtPercent: number;
  record: (row: LedgerRow) => void;
  /** A summary that is used is charged to the run and the conversation like a completion (E-06). */
  charge: (costUsd: number | null) => void;
  log?: (line: string) => void;
  chain?: ChainOptions;
};

/** Compactions one model call may need at most (each replaces more when the first was not enough). */
const ROUNDS = 3;

/** Room left for the answer: what must stay free of the window for a call to be sent at all. */
export const answerRoom = (window: number) => Math.min(8_192, Math.floor(window / 8));
/** The summary's length bound, in tokens. */
export const summaryRoom = (window: number) => Math.min(4_096, Math.max(256, Math.floor(window / 20)));

export function contextKeeper(d: KeeperDeps): ContextPort {
  return {
    async fit(req): Promise<ContextFit> {
      const route = d.routes[0];
      if (!route) return { kind: "fits" };
      const window = contextWindow(route);
      const threshold = Math.floor((window * d.compactAtPercent) / 100);
      let fixed: number | undefined;
      const size = () => measure(d, () => (fixed ??= fixedTokens(req.system, req.tools)));
      let turns = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const now = size();
        if (now.tokens <= threshold) break;
        // What is kept, with the prompt, the tools and the summary, should come back to half the threshold.
        const target = Math.floor(threshold / 2) - (fixed ??= fixedTokens(req.system, req.tools)) - summaryRoom(window);
        const kept = now.rows.slice(now.start);
        const cut = chooseCut(kept, cutPoints(kept), target);
        if (cut === null) break;
        const made = await compact(d, now, kept.slice(0, cut), window, req.signal);
        if (made === null) break;
        turns = made;
      }
      const tokens = size().tokens;
      // A turn being stopped is not refused: the loop sees the stop at its model call.
      const over = tokens + answerRoom(window) > window && !req.signal.aborted;
      if (over) return { kind: "refused", message: TContext.tooBig(tokens, window) };
      return turns > 0 ? { kind: "compacted", turns } : { kind: "fits" };
    },
  };
}

type Measured = ReturnType<typeof measure>;

/** The model's context as stored now: the kept messages, the compaction before them, and its size. */
function measure(d: KeeperDeps, fixed: () => number) {
  const rows = messageLog(d.store, d.conversationId);
  const compaction = latestCompaction(d.store, d.conversationId);
  const start = keptFrom(rows, compaction);
  const header = () => (compaction ? estimateTokens(summaryHeader(rows.slice(0, start), compaction)) : 0);
  const tokens = contextTokens(rows, start, compaction?.lastSeq ?? 0, fixed, header);
  return { rows, compaction, start, tokens };
}

/** Summarises `replaced` (and the summary before it); stores it. Returns the turns now summarised. */
async function compact(d: KeeperDeps, now: Measured, replaced: Message[], window: number, signal: AbortSignal) {
  const request = compactionRequest(now.compaction?.summary ?? "", replaced, window, summaryRoom(window));
  const result = await sideCall(d.routes, { purpose: "compaction", signal, ...request }, d.record, d.chain);
  const summary = result.ok ? result.text.trim() : "";
  if (!summary) {
    d.log?.(`compaction of ${d.conversationId} failed: ${result.error ?? "empty summary"}; the context stays as it is`);
    return null;
  }
  const turns = (now.compaction?.turns ?? 0) + replaced.filter((m) => m.role === "user").length;
  // Charged and stored together: a crash leaves neither, and the next call summarises again.
  d.store.tx(() => {
    d.charge(result.costUsd);
    addCompaction(d.store, {
      conversationId: d.conversationId, uptoSeq: replaced[replaced.length - 1]!.seq, turns,
      lastSeq: now.rows[now.rows.length - 1]!.seq, summary, runId: d.runId,
    });
  });
  return turns;
}
