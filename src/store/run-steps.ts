// The steps of a run (J-03), written at step boundaries only (C-30): streamed tokens never
// reach SQLite. addStep takes the next per-run seq and inserts in one statement (C-03).
import { all, nowIso, one, writeReturning, type Store } from "./db.ts";
import type { RunStep, StepStatus, StepType } from "../models/runs.ts";

export type { RunStep, StepStatus, StepType };

export type NewStep = Pick<RunStep, "runId" | "type"> &
  Partial<Omit<RunStep, "id" | "seq" | "runId" | "type">>;

export function addStep(store: Store, input: NewStep): RunStep {
  const at = nowIso();
  return writeReturning<RunStep>(
    store,
    `INSERT INTO run_steps (run_id, seq, type, name, tool_call_id, arguments, result, status, model,
       provider, cost_usd, input_tokens, output_tokens, cached_tokens, reasoning_tokens,
       started_at, ended_at)
     SELECT $runId, coalesce(max(seq), 0) + 1, $type, $name, $toolCallId, $arguments, $result,
       $status, $model, $provider, $costUsd, $inputTokens, $outputTokens, $cachedTokens,
       $reasoningTokens, $startedAt, $endedAt
     FROM run_steps WHERE run_id = $runId
     RETURNING ${COLUMNS}`,
    {
      runId: input.runId,
      type: input.type,
      name: input.name ?? null,
      toolCallId: input.toolCallId ?? null,
      arguments: input.arguments ?? null,
      result: input.result ?? null,
      status: input.status ?? "done",
      model: input.model ?? null,
      provider: input.provider ?? null,
      costUsd: input.costUsd ?? null,
      inputTokens: input.inputTokens ?? null,
      outputTokens: input.outputTokens ?? null,
      cachedTokens: input.cachedTokens ?? null,
      reasoningTokens: input.reasoningTokens ?? null,
      startedAt: input.startedAt ?? at,
      endedAt: input.endedAt === undefined ? at : input.endedAt,
    },
  )!;
}

export function listSteps(store: Store, runId: string): RunStep[] {
  return all<RunStep>(store, `SELECT ${COLUMNS} FROM run_steps WHERE run_id = $runId ORDER BY seq`, {
    runId,
  });
}

const COLUMNS = `id, run_id AS runId, seq, type, name, tool_call_id AS toolCallId, arguments, result,
  status, model, provider, cost_usd AS costUsd, input_tokens AS inputTokens,
  output_tokens AS outputTokens, cached_tokens AS cachedTokens, reasoning_tokens AS reasoningTokens,
  started_at AS startedAt, ended_at AS endedAt`;

/** How many steps of one type a run has (max_steps counts `model` steps, continuations included). */
export function countSteps(store: Store, runId: string, type: StepType): number {
  const sql = "SELECT count(*) AS n FROM run_steps WHERE run_id = $runId AND type = $type";
  return one<{ n: number }>(store, sql, { runId, type })!.n;
}
