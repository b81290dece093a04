// Runs: one record per model turn or job (J-01, J-02); status vocabulary in docs/store.md.
// The schema keeps ended_at set exactly when a run is finished and a halt reason exactly
// when it halted. reopenRun marks `resumed` before any step (C-11).
import { all, newId, nowIso, one, write, writeReturning, type Store } from "./db.ts";
import type { HaltReason, Run, RunStatus } from "../models/runs.ts";

// Steps live in run-steps.ts to keep each file small; runs.ts is the entry point for both.
export {
  addStep, countSteps, listSteps, type NewStep, type RunStep, type StepStatus, type StepType,
} from "./run-steps.ts";

export type { HaltReason, Run, RunStatus };

export type NewRun = Pick<Run, "agentId" | "source"> &
  Partial<Pick<Run, "id" | "conversationId" | "jobId" | "afterSeq" | "model" | "startedAt">>;

export function createRun(store: Store, input: NewRun): Run {
  const row = writeReturning<RunRow>(
    store,
    `INSERT INTO runs (id, agent_id, source, conversation_id, job_id, after_seq, model, started_at)
     VALUES ($id, $agentId, $source, $conversationId, $jobId, $afterSeq, $model, $startedAt)
     RETURNING ${COLUMNS}`,
    {
      id: input.id ?? newId(),
      agentId: input.agentId,
      source: input.source,
      conversationId: input.conversationId ?? null,
      jobId: input.jobId ?? null,
      afterSeq: input.afterSeq ?? null,
      model: input.model ?? null,
      startedAt: input.startedAt ?? nowIso(),
    },
  );
  return toRun(row!);
}

export function getRun(store: Store, id: string): Run | null {
  const row = one<RunRow>(store, `SELECT ${COLUMNS} FROM runs WHERE id = $id`, { id });
  return row ? toRun(row) : null;
}

/** A job's newest run, through runs_by_job (listRuns' optional filters cannot use an index). */
export function lastJobRun(store: Store, jobId: string): Run | null {
  const row = one<RunRow>(
    store,
    `SELECT ${COLUMNS} FROM runs WHERE job_id = $jobId ORDER BY started_at DESC, rowid DESC LIMIT 1`,
    { jobId },
  );
  return row ? toRun(row) : null;
}

/** Newest first, paged backwards with `before` = the last page's oldest startedAt (J-09). */
export function listRuns(
  store: Store,
  opts: { agentId?: string; conversationId?: string; jobId?: string; before?: string; limit?: number } = {},
): Run[] {
  return all<RunRow>(
    store,
    `SELECT ${COLUMNS} FROM runs
     WHERE ($agentId IS NULL OR agent_id = $agentId)
       AND ($conversationId IS NULL OR conversation_id = $conversationId)
       AND ($jobId IS NULL OR job_id = $jobId)
       AND ($before IS NULL OR started_at < $before)
     ORDER BY started_at DESC, rowid DESC LIMIT $limit`,
    {
      agentId: opts.agentId ?? null,
      conversationId: opts.conversationId ?? null,
      jobId: opts.jobId ?? null,
      before: opts.before ?? null,
      limit: opts.limit ?? 50,
    },
  ).map(toRun);
}

/**
 * Moves a run to `status`. running/waiting clear ended_at, every other status sets it;
 * haltReason is required for (and only for) `halted`. Returns the run, or null if unknown.
 */
export function setRunStatus(
  store: Store,
  id: string,
  status: RunStatus,
  opts: { haltReason?: HaltReason; summary?: string } = {},
): Run | null {
  const open = status === "running" || status === "waiting";
  const row = writeReturning<RunRow>(
    store,
    `UPDATE runs SET status = $status, halt_reason = $haltReason, ended_at = $endedAt,
       summary = coalesce($summary, summary)
     WHERE id = $id RETURNING ${COLUMNS}`,
    { id, status, haltReason: opts.haltReason ?? null, summary: opts.summary ?? null, endedAt: open ? null : nowIso() },
  );
  return row ? toRun(row) : null;
}

/** Adds the cost of a call charged to the run (E-06, E-19); unknown prices count apart. */
export function addRunSpend(store: Store, id: string, spend: { usd?: number; unknownCalls?: number }): boolean {
  return write(
    store,
    `UPDATE runs SET spent_usd = spent_usd + $usd, unknown_cost_calls = unknown_cost_calls + $unknown
     WHERE id = $id`,
    { id, usd: spend.usd ?? 0, unknown: spend.unknownCalls ?? 0 },
  ) > 0;
}

export function setRunModel(store: Store, id: string, model: string): boolean {
  return write(store, "UPDATE runs SET model = $model WHERE id = $id", { id, model }) > 0;
}

/** Boot (C-09): every run a dead process left `running` becomes `interrupted`. Returns those runs. */
export function closeStaleRunning(store: Store): Run[] {
  return writeAll(store, "UPDATE runs SET status = 'interrupted', ended_at = $at WHERE status = 'running'");
}

/**
 * The cut set (C-09, C-13): per conversation, its newest run when that run is interrupted
 * and was never resumed. A conversation with a newer run yields nothing.
 */
export function findCutRuns(store: Store): Run[] {
  return all<RunRow>(
    store,
    `SELECT ${COLUMNS} FROM runs r
     WHERE r.conversation_id IS NOT NULL AND r.status = 'interrupted' AND r.resumed = 0
       AND NOT EXISTS (
         SELECT 1 FROM runs n WHERE n.conversation_id = r.conversation_id
           AND (n.started_at > r.started_at OR (n.started_at = r.started_at AND n.id > r.id)))
     ORDER BY r.started_at`,
  ).map(toRun);
}

type ChannelRuns = { channel: string; source: string; since: string; limit: number };

/**
 * A channel's runs of `source` that ended since `since` (or wait for a decision), newest first, at most
 * `limit`: the Telegram chat's catch-up after a restart reads back what they wrote (src/telegram/catch-up.ts).
 */
export function endedRunsOnChannel(store: Store, o: ChannelRuns): Run[] {
  return all<RunRow>(
    store,
    `SELECT ${COLUMNS} FROM runs
     WHERE conversation_id IN (SELECT id FROM conversations WHERE channel = $channel) AND source = $source
       AND status IN ('waiting', 'done', 'halted', 'error', 'cancelled')
       AND COALESCE(ended_at, started_at) >= $since
     ORDER BY started_at DESC, rowid DESC LIMIT $limit`,
    o,
  ).map(toRun);
}

/** Reopens a cut run for resumption, writing `resumed` first (C-10, C-11): at most once. */
export function reopenRun(store: Store, id: string): Run | null {
  const row = writeReturning<RunRow>(
    store,
    `UPDATE runs SET status = 'running', resumed = 1, ended_at = NULL
     WHERE id = $id AND status = 'interrupted' AND resumed = 0 RETURNING ${COLUMNS}`,
    { id },
  );
  return row ? toRun(row) : null;
}

/** Boot (C-21): a waiting run with no pending approval left cannot continue; close it. Returns those. */
export function closeOrphanedWaiting(store: Store): Run[] {
  return writeAll(
    store,
    `UPDATE runs SET status = 'interrupted', ended_at = $at WHERE status = 'waiting'
       AND NOT EXISTS (SELECT 1 FROM approvals a WHERE a.run_id = runs.id AND a.status = 'pending')`,
  );
}

function writeAll(store: Store, update: string): Run[] {
  const rows = store.db.query<RunRow, { at: string }>(`${update} RETURNING ${COLUMNS}`).all({ at: nowIso() });
  store.wrote();
  return rows.map(toRun);
}

const COLUMNS = `id, agent_id AS agentId, source, conversation_id AS conversationId, job_id AS jobId,
  status, halt_reason AS haltReason, summary, model, spent_usd AS spentUsd,
  unknown_cost_calls AS unknownCostCalls, after_seq AS afterSeq, resumed,
  started_at AS startedAt, ended_at AS endedAt`;

type RunRow = Omit<Run, "resumed"> & { resumed: number };

function toRun(row: RunRow): Run {
  return { ...row, resumed: row.resumed === 1 };
}

/** Agents with a run in progress now, whoever reads it (web, queue, job, Telegram, delegation). */
export function runningAgentIds(store: Store): Set<string> {
  const sql = "SELECT DISTINCT agent_id FROM runs WHERE status = 'running'";
  return new Set(all<{ agent_id: string }>(store, sql).map((r) => r.agent_id));
}
