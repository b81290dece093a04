// Which messages belong to a run (J-14) and which child runs it delegated to (J-15). A run owns the
// messages after its after_seq up to the next run's after_seq in the same conversation; a run that
// continued after an approval keeps its first mark. Runs without a mark are sliced by time.
import { all, one, type Store } from "../store/db.ts";
import { listMessages, type Message } from "../store/messages.ts";
import { getRun, type Run } from "../store/runs.ts";

export type Slice = "after_seq" | "by_time";

export function runMessages(store: Store, run: Run): { slice: Slice; messages: Message[] } {
  const slice: Slice = run.afterSeq === null ? "by_time" : "after_seq";
  if (!run.conversationId) return { slice, messages: [] };
  if (run.afterSeq === null) {
    // Unmarked runs have only approximate boundaries (J-14): what was written while they ran.
    const to = run.endedAt;
    const messages = listMessages(store, run.conversationId)
      .filter((m) => m.createdAt >= run.startedAt && (to === null || m.createdAt <= to));
    return { slice, messages };
  }
  const next = nextRun(store, run);
  const upTo = next?.afterSeq ?? Infinity;
  // A following run without a mark can only bound this one by its start time.
  const before = next && next.afterSeq === null ? next.startedAt : null;
  const messages = listMessages(store, run.conversationId, run.afterSeq)
    .filter((m) => m.seq <= upTo && (before === null || m.createdAt < before));
  return { slice, messages };
}

/**
 * Child runs delegated from this run: source exactly `delegate:<this run's conversation>` (provider
 * tool-call ids repeat across conversations, so they are not trusted), started while the run ran.
 */
export function childRuns(store: Store, run: Run): Run[] {
  if (!run.conversationId) return [];
  const rows = all<{ id: string }>(
    store,
    `SELECT id FROM runs WHERE source = $source AND conversation_id IS NOT NULL
       AND started_at >= $from AND ($to IS NULL OR started_at <= $to)
     ORDER BY started_at, id`,
    { source: `delegate:${run.conversationId}`, from: run.startedAt, to: run.endedAt },
  );
  return rows.map((r) => getRun(store, r.id)!).filter(Boolean);
}

/** The run that started next in the same conversation, if any. */
function nextRun(store: Store, run: Run): Pick<Run, "afterSeq" | "startedAt"> | null {
  return one<Pick<Run, "afterSeq" | "startedAt">>(
    store,
    `SELECT after_seq AS afterSeq, started_at AS startedAt FROM runs
     WHERE conversation_id = $conv AND id <> $id
       AND (started_at > $at OR (started_at = $at AND id > $id))
     ORDER BY started_at, id LIMIT 1`,
    { conv: run.conversationId, id: run.id, at: run.startedAt },
  );
}
