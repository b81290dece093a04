// The scheduler as the reader of prompt-job turns the host did not start for it: a run cut by a restart
// (C-10, C-14), reopened under the same run id, and a run continued after its approval was decided or
// expired (it follows the host, L-67). Each ends through the same delivery step as a fresh run.
import { getRun, type Run } from "../store/runs.ts";
import type { ActiveTurn, Follower } from "../turns/host-types.ts";
import type { CutTurnReader } from "../turns/resume.ts";
import type { RunJobDeps } from "./run-job.ts";
import { delivered, type DeliveryDeps } from "./run-prompt.ts";

export const JOB_SOURCE_PREFIX = "job:";

export class JobTurns implements CutTurnReader, Follower {
  readonly reader = "job" as const;

  constructor(private readonly deps: Pick<RunJobDeps, "host"> & DeliveryDeps) {}

  reads = (source: string): boolean => source.startsWith(JOB_SOURCE_PREFIX);

  resume = (run: Run, opts: { cut: boolean }): void => {
    const conversationId = run.conversationId!;
    const turn = this.deps.host.start(conversationId, {
      source: run.source,
      reader: "job",
      continueRunId: run.id,
      resume: opts.cut,
    });
    void delivered(this.deps, jobIdOf(run), conversationId, turn);
  };

  /** A continuation the host started itself (an approval decided or expired): delivered like the rest. */
  take = (turn: ActiveTurn): void => {
    const jobId = getRun(this.deps.store, turn.runId)?.jobId ?? turn.source.slice(JOB_SOURCE_PREFIX.length);
    void delivered(this.deps, jobId, turn.conversationId, turn);
  };
}

function jobIdOf(run: Run): string {
  return run.jobId ?? run.source.slice(JOB_SOURCE_PREFIX.length);
}
