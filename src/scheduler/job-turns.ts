// The scheduler as the reader of prompt-job turns cut by a restart (C-10, C-14): the reopened run continues
// in the TurnHost under the same run id, read as a job's turn, and its end goes through the same delivery
// step as a fresh run, exactly once. Boot passes it to resumeCutTurns beside the TurnHost.
import type { Run } from "../store/runs.ts";
import type { CutTurnReader } from "../turns/resume.ts";
import type { RunJobDeps } from "./run-job.ts";
import { delivered } from "./run-prompt.ts";

export const JOB_SOURCE_PREFIX = "job:";

export class JobTurns implements CutTurnReader {
  constructor(private readonly deps: Pick<RunJobDeps, "store" | "host" | "log">) {}

  reads = (source: string): boolean => source.startsWith(JOB_SOURCE_PREFIX);

  resume = (run: Run, opts: { cut: boolean }): void => {
    const conversationId = run.conversationId!;
    const turn = this.deps.host.start(conversationId, {
      source: run.source,
      reader: "job",
      continueRunId: run.id,
      resume: opts.cut,
    });
    const jobId = run.jobId ?? run.source.slice(JOB_SOURCE_PREFIX.length);
    void delivered(this.deps, jobId, conversationId, turn);
  };
}
