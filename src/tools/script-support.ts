// What a turn or a script job lends tool_script: the store its store()/load() use under the namespace the
// server chose (H-41), and how its llm.* side calls are recorded and charged (H-33).
import type { LedgerRow } from "../llm/metered.ts";
import type { Route } from "../llm/types.ts";
import type { Store } from "../store/db.ts";
import { convNamespace, jobNamespace } from "../store/script-store.ts";

export type ScriptSupport = {
  store: Store;
  /** `job:<schedule id>` or `conv:<conversation id>` (H-41). */
  namespace: string;
  /** A script job (I-06): nobody watches, so nothing may wait for a person, and there is no parent to
   * delegate from (H-36). */
  job: boolean;
  /** The agent's routes as the turn uses them: llm.* asks the first only (H-32). */
  routes: Route[];
  /** One ledger row of an llm.* question, against the run (and conversation). */
  record(row: LedgerRow): void;
  /** Adds an answered question's cost to the run (and conversation), like a tool's paid model call. */
  charge(costUsd: number | null): void;
};

/** A turn's namespace: `job:<schedule id>` when a job opened its conversation, else `conv:<id>` (H-41). */
export function turnNamespace(conv: { id: string; source: string }): string {
  if (!conv.source.startsWith("job:")) return convNamespace(conv.id);
  const jobId = conv.source.slice("job:".length);
  return jobNamespace(jobId.slice(jobId.indexOf("/") + 1));
}
