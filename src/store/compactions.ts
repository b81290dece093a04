// Compactions (issue 20): a summary that stands in the model's context for the oldest turns of a
// conversation. The messages it replaces stay in the log, readable and searchable; only the model's
// view changes. Each compaction covers everything up to its seq, so the latest one is all the view needs.
import { all, one, write, writeReturning, type Store } from "./db.ts";

export type Compaction = {
  id: number;
  conversationId: string;
  uptoSeq: number;
  turns: number;
  /** The conversation's last seq when it was made. */
  lastSeq: number;
  summary: string;
  runId: string | null;
  createdAt: string;
};

const COLUMNS = `id, conversation_id AS conversationId, upto_seq AS uptoSeq, turns, last_seq AS lastSeq, summary,
  run_id AS runId, created_at AS createdAt`;

export function addCompaction(store: Store, c: Omit<Compaction, "id" | "createdAt">): Compaction {
  return writeReturning<Compaction>(
    store,
    `INSERT INTO compactions (conversation_id, upto_seq, turns, last_seq, summary, run_id, created_at)
     VALUES ($conversationId, $uptoSeq, $turns, $lastSeq, $summary, $runId, $createdAt) RETURNING ${COLUMNS}`,
    { ...c, createdAt: new Date().toISOString() },
  )!;
}

/** The compaction the model's view starts from, or null. */
export function latestCompaction(store: Store, conversationId: string): Compaction | null {
  return one<Compaction>(
    store,
    `SELECT ${COLUMNS} FROM compactions WHERE conversation_id = $conversationId
     ORDER BY upto_seq DESC, id DESC LIMIT 1`,
    { conversationId },
  );
}

/** Every compaction of the conversation, oldest first (the chat shows where each one cut). */
export function listCompactions(store: Store, conversationId: string): Compaction[] {
  return all<Compaction>(
    store,
    `SELECT ${COLUMNS} FROM compactions WHERE conversation_id = $conversationId ORDER BY upto_seq, id`,
    { conversationId },
  );
}

/**
 * A fork's copies (K-07): the compactions that replace only messages before `beforeSeq`. A branch's
 * messages keep their seq (both logs run from 1 without gaps), so the ranges stay the same.
 */
export function copyCompactions(store: Store, fromId: string, toId: string, beforeSeq: number): number {
  return write(
    store,
    `INSERT INTO compactions (conversation_id, upto_seq, turns, last_seq, summary, run_id, created_at)
     SELECT $toId, upto_seq, turns, min(last_seq, $beforeSeq - 1), summary, NULL, created_at
     FROM compactions WHERE conversation_id = $fromId AND upto_seq < $beforeSeq ORDER BY id`,
    { fromId, toId, beforeSeq },
  );
}
