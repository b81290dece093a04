// The ledger of model calls made outside the turn loop (E-03): title, summaries, image and
// PDF reading, consolidation, script questions, transcription. Metrics only: the table has
// no prompt or output column and this module accepts none (N-10).
import { all, nowIso, writeReturning, type Store } from "./db.ts";
import type { Usage } from "./messages.ts";

export interface SideCall extends Usage {
  id: number;
  /** e.g. title, summary, tool_summary, image, pdf_page, consolidate, wiki, script, transcribe */
  purpose: string;
  provider: string | null;
  model: string | null;
  conversationId: string | null;
  runId: string | null;
  agentId: string | null;
  durationMs: number | null;
  createdAt: string;
}

export type NewSideCall = Pick<SideCall, "purpose"> & Partial<Omit<SideCall, "id" | "purpose">>;

/** One row per call, even one abandoned after its first chunk (cost unknown, E-07). */
export function recordSideCall(store: Store, input: NewSideCall): SideCall {
  return writeReturning<SideCall>(
    store,
    `INSERT INTO side_calls (purpose, provider, model, cost_usd, input_tokens, output_tokens,
       cached_tokens, reasoning_tokens, conversation_id, run_id, agent_id, duration_ms, created_at)
     VALUES ($purpose, $provider, $model, $costUsd, $inputTokens, $outputTokens, $cachedTokens,
       $reasoningTokens, $conversationId, $runId, $agentId, $durationMs, $createdAt)
     RETURNING ${COLUMNS}`,
    {
      purpose: input.purpose,
      provider: input.provider ?? null,
      model: input.model ?? null,
      costUsd: input.costUsd ?? null,
      inputTokens: input.inputTokens ?? null,
      outputTokens: input.outputTokens ?? null,
      cachedTokens: input.cachedTokens ?? null,
      reasoningTokens: input.reasoningTokens ?? null,
      conversationId: input.conversationId ?? null,
      runId: input.runId ?? null,
      agentId: input.agentId ?? null,
      durationMs: input.durationMs ?? null,
      createdAt: input.createdAt ?? nowIso(),
    },
  )!;
}

/** Calls made in [from, to) (UTC ISO bounds), oldest first: the ledger's input (E-04). */
export function listSideCalls(store: Store, from: string, to: string): SideCall[] {
  return all<SideCall>(
    store,
    `SELECT ${COLUMNS} FROM side_calls WHERE created_at >= $from AND created_at < $to
     ORDER BY created_at, id`,
    { from, to },
  );
}

const COLUMNS = `id, purpose, provider, model, cost_usd AS costUsd, input_tokens AS inputTokens,
  output_tokens AS outputTokens, cached_tokens AS cachedTokens, reasoning_tokens AS reasoningTokens,
  conversation_id AS conversationId, run_id AS runId, agent_id AS agentId,
  duration_ms AS durationMs, created_at AS createdAt`;
