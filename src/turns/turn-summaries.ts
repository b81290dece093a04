// The two side calls a turn's loop may make on its own routes: the tool-output summariser and the
// context keeper's compaction (issue 20). Both leave ledger rows and charge what they use to the turn.
import { toolSummariser } from "../agent/summarise.ts";
import type { LedgerRow } from "../llm/metered.ts";
import type { Store } from "../store/db.ts";
import { contextKeeper } from "./context-keeper.ts";
import type { AgentRuntime } from "./crew.ts";

export function turnSummaries(
  store: Store,
  agent: Pick<AgentRuntime, "routes" | "compactAtPercent">,
  ids: { conversationId: string; runId: string },
  record: (row: LedgerRow) => void,
  charge: (costUsd: number | null) => void,
  log: (line: string) => void,
) {
  const { routes, compactAtPercent } = agent;
  return {
    summarise: toolSummariser(routes, record, charge),
    context: contextKeeper({ store, ...ids, routes, compactAtPercent, record, charge, log }),
  };
}
