// Memory writes waiting for the owner (G-03, G-04): from unattended jobs and consolidation.
// A proposal keeps the text it would replace, so accepting can always be rolled back; a
// decision is one conditional UPDATE on a pending row, so it is taken at most once.
import { all, nowIso, one, writeReturning, type Store } from "./db.ts";

export type MemoryScope = "user" | "agent";
export type ProposalStatus = "pending" | "accepted" | "rejected";

export interface MemoryProposal {
  id: number;
  agentId: string;
  /** user: users/owner/ facts read by every agent; agent: that agent's own memory (G-01). */
  scope: MemoryScope;
  path: string;
  oldText: string;
  newText: string;
  reason: string | null;
  status: ProposalStatus;
  runId: string | null;
  /** What produced it, e.g. job:<id> or memory:consolidate. */
  source: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export type NewProposal = Pick<MemoryProposal, "agentId" | "scope" | "path" | "newText"> &
  Partial<Pick<MemoryProposal, "oldText" | "reason" | "runId" | "source">>;

export function proposeMemory(store: Store, input: NewProposal): MemoryProposal {
  return writeReturning<MemoryProposal>(
    store,
    `INSERT INTO memory_proposals (agent_id, scope, path, old_text, new_text, reason, run_id, source,
       created_at)
     VALUES ($agentId, $scope, $path, $oldText, $newText, $reason, $runId, $source, $at)
     RETURNING ${COLUMNS}`,
    {
      agentId: input.agentId,
      scope: input.scope,
      path: input.path,
      oldText: input.oldText ?? "",
      newText: input.newText,
      reason: input.reason ?? null,
      runId: input.runId ?? null,
      source: input.source ?? null,
      at: nowIso(),
    },
  )!;
}

export function getProposal(store: Store, id: number): MemoryProposal | null {
  return one<MemoryProposal>(store, `SELECT ${COLUMNS} FROM memory_proposals WHERE id = $id`, { id });
}

/** Newest first, filtered by status and agent when given. */
export function listProposals(
  store: Store,
  opts: { status?: ProposalStatus; agentId?: string; limit?: number } = {},
): MemoryProposal[] {
  return all<MemoryProposal>(
    store,
    `SELECT ${COLUMNS} FROM memory_proposals
     WHERE ($status IS NULL OR status = $status) AND ($agentId IS NULL OR agent_id = $agentId)
     ORDER BY created_at DESC, id DESC LIMIT $limit`,
    { status: opts.status ?? null, agentId: opts.agentId ?? null, limit: opts.limit ?? 100 },
  );
}

/** The nav badge count (G-03). */
export function countPendingProposals(store: Store): number {
  return one<{ n: number }>(store, "SELECT count(*) AS n FROM memory_proposals WHERE status = 'pending'")!.n;
}

/** Accepts or rejects a pending proposal; null when unknown or already decided. */
export function decideProposal(
  store: Store,
  id: number,
  status: Exclude<ProposalStatus, "pending">,
): MemoryProposal | null {
  return writeReturning<MemoryProposal>(
    store,
    `UPDATE memory_proposals SET status = $status, decided_at = $at
     WHERE id = $id AND status = 'pending' RETURNING ${COLUMNS}`,
    { id, status, at: nowIso() },
  );
}

/**
 * Accepts a pending proposal as applied: `before` is the exact text the file held, `after` what was written
 * (an appended note lands on the notes as they are then), so a rollback restores `before` while the file
 * still holds `after`. Null when unknown or no longer pending.
 */
export function acceptProposal(store: Store, id: number, before: string, after: string): MemoryProposal | null {
  return writeReturning<MemoryProposal>(
    store,
    `UPDATE memory_proposals SET status = 'accepted', decided_at = $at, old_text = $before, new_text = $after
     WHERE id = $id AND status = 'pending' RETURNING ${COLUMNS}`,
    { id, before, after, at: nowIso() },
  );
}

/** A rolled-back proposal waits again (its file holds its old text once more); null unless it was accepted. */
export function reopenProposal(store: Store, id: number): MemoryProposal | null {
  return writeReturning<MemoryProposal>(
    store,
    `UPDATE memory_proposals SET status = 'pending', decided_at = NULL
     WHERE id = $id AND status = 'accepted' RETURNING ${COLUMNS}`,
    { id },
  );
}

const COLUMNS = `id, agent_id AS agentId, scope, path, old_text AS oldText, new_text AS newText, reason,
  status, run_id AS runId, source, created_at AS createdAt, decided_at AS decidedAt`;
