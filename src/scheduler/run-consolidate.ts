// A consolidate job (G-04, I-08, I-22): the agent's `memory_consolidate` cron. One side call on its first route
// proposes a rewrite of its MEMORY.md from the notes since the previous run; the master makes a second one
// for the owner's facts. No conversation, nothing delivered; its run has no steps and its side calls are
// charged to it, and it ends `error` (a failure streak counts it) when a call failed.
import { localDate } from "../config/owner-time.ts";
import type { LedgerRow } from "../llm/metered.ts";
import { MASTER } from "../config/agent-schema.ts";
import { consolidateScope, type ScopeOutcome } from "../memory/consolidate.ts";
import type { MemoryScope } from "../memory/files.ts";
import { addRunSpend, createRun, listRuns, setRunStatus } from "../store/runs.ts";
import { recordSideCall } from "../store/side-calls.ts";
import { TM_RUN } from "../texts/vi-memory.ts";
import type { AgentRuntime } from "../turns/crew.ts";
import { runFrame } from "../turns/json.ts";
import type { RunJobDeps } from "./run-job.ts";
import type { Job, JobOutcome } from "./types.ts";

export async function runConsolidate(deps: RunJobDeps, job: Job, agent: AgentRuntime): Promise<JobOutcome> {
  const { store, hub } = deps;
  const crew = deps.crew();
  // Notes from the day of the last run that ended well on: the same day's notes may have grown since.
  const previous = listRuns(store, { jobId: job.id, limit: 20 }).find((r) => r.status === "done");
  const since = previous ? localDate(new Date(previous.startedAt), crew.timezone) : "";
  const run = createRun(store, { agentId: agent.id, source: `job:${job.id}`, jobId: job.id });
  hub.run(runFrame(run));
  const record = (row: LedgerRow) => recordSideCall(store, { ...row, runId: run.id, agentId: agent.id });
  const charge = (usd: number | null) =>
    void addRunSpend(store, run.id, usd === null ? { unknownCalls: 1 } : { usd });
  const scopes: MemoryScope[] = agent.id === MASTER ? ["agent", "user"] : ["agent"];
  const outcomes: ScopeOutcome[] = [];
  const base = { store, files: crew.memory, agentId: agent.id, agentName: agent.name, since, runId: run.id };
  for (const scope of agent.routes.length > 0 ? scopes : []) {
    const input = { ...base, scope, routes: agent.routes, record, charge, signal: deps.signal };
    // A file or store failure ends the run in error like a failed call: a run is never left `running`.
    outcomes.push(await consolidateScope(input).catch((e: Error) => ({ kind: "failed" as const, error: e.message })));
  }
  const failed = outcomes.find((o) => o.kind === "failed");
  const proposed = outcomes.filter((o) => o.kind === "proposed").length;
  const reason = agent.routes.length === 0 ? TM_RUN.noRoute
    : failed?.kind === "failed" ? TM_RUN.failed(failed.error) : null;
  const status = reason ? "error" : "done";
  const quiet = outcomes.some((o) => o.kind === "waiting") ? TM_RUN.waiting : TM_RUN.nothing;
  const summary = reason ?? (proposed > 0 ? TM_RUN.proposed(proposed) : quiet);
  const closed = setRunStatus(store, run.id, status, { summary });
  if (closed) hub.run(runFrame(closed));
  deps.log(`job ${job.id}: consolidate ${outcomes.map((o) => o.kind).join(",") || "no route"}`);
  return { runId: run.id, status, conversationId: null, reason };
}
