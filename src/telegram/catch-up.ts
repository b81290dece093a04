// After a restart (★ exactly once): a turn can end — its answer stored, its run closed, or closed at boot
// because the answer was already stored — while the process dies before its reply reached the chat. At boot
// the chat rebuilds the replies of its recently ended runs and sends each place not yet recorded as sent.
import type { TurnResult } from "../agent/events.ts";
import { countSteps, endedRunsOnChannel, type Run } from "../store/runs.ts";
import { sentPlaces } from "../store/telegram-sent.ts";
import { replyPieces, type ReplyDeps } from "./reply.ts";

/** How far back and how many runs the catch-up reads: a restart's losses are the last few turns. */
export const CATCH_UP_HOURS = 24;
export const CATCH_UP_RUNS = 20;

export type CatchUpDeps = Pick<ReplyDeps, "store" | "crew" | "outbox" | "log"> & { now?: () => Date };

/** Sends, oldest run first, every place of a recent reply of the channel that was never sent. */
export async function catchUp(d: CatchUpDeps, o: { channel: string; source: string }): Promise<void> {
  const now = (d.now ?? (() => new Date()))().getTime();
  const since = new Date(now - CATCH_UP_HOURS * 3600_000).toISOString();
  const runs = endedRunsOnChannel(d.store, { ...o, since, limit: CATCH_UP_RUNS }).reverse();
  // Rebuilt at once, before any new turn of the boot writes: each run's reply as it ended.
  const replies = runs.map((run) => ({ run, pieces: unsent(d, run) })).filter((r) => r.pieces.length > 0);
  for (const { run, pieces } of replies) {
    d.log(`telegram: sending the unsent part of run ${run.id}'s reply`);
    try {
      await d.outbox.send(run.id, pieces);
    } catch (e) {
      d.log(`telegram: reply to run ${run.id} not sent: ${(e as Error).message}`);
    }
  }
}

/**
 * The run's reply without the places already sent. A place counts as sent whatever its content was: the
 * notice rebuilt here may word the end differently (an error's type is not stored), and must not repeat.
 */
function unsent(d: CatchUpDeps, run: Run) {
  const sent = sentPlaces(d.store, run.id);
  return replyPieces(d, run, resultOf(d, run)).filter((p) => !sent.has(p.idx));
}

/** How the turn ended, as far as the store tells it (the reader had the TurnResult itself). */
function resultOf(d: CatchUpDeps, run: Run): TurnResult {
  const status = run.status === "waiting" ? "approval_required"
    : run.status === "halted" || run.status === "error" ? run.status : "done";
  const steps = countSteps(d.store, run.id, "model");
  return { runId: run.id, status, text: "", steps, haltReason: run.haltReason ?? undefined };
}
