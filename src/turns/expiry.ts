// Approval deadlines (D-05, D-06): every tick, overdue requests close as `expired` and their turn
// continues with the call answered "not run", so an unseen request never blocks a conversation.
import { decideApproval, listOverdue } from "../store/approvals.ts";
import type { Store } from "../store/db.ts";
import { getRun } from "../store/runs.ts";
import type { TurnHost } from "./host.ts";

export const SWEEP_MS = 20_000;

export function sweepExpired(store: Store, host: TurnHost, now = new Date()): number {
  let n = 0;
  for (const a of listOverdue(store, now.toISOString())) {
    const decided = decideApproval(store, a.id, { status: "expired" });
    if (!decided) continue;
    n++;
    const run = decided.runId ? getRun(store, decided.runId) : null;
    if (run && !host.running(decided.conversationId)) {
      host.start(decided.conversationId, { source: run.source, continueRunId: run.id });
    }
  }
  return n;
}

export function startExpirySweep(
  store: Store,
  host: TurnHost,
  log: (line: string) => void,
  everyMs = SWEEP_MS,
): () => void {
  const timer = setInterval(() => {
    try {
      const n = sweepExpired(store, host);
      if (n > 0) log(`approvals: ${n} expired`);
    } catch (e) {
      log(`approvals: expiry sweep failed: ${(e as Error).message}`);
    }
  }, everyMs);
  return () => clearInterval(timer);
}
