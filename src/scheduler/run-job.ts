// Running one scheduled job (I-04, I-05): a prompt job opens an autonomous conversation and runs one turn,
// a command job runs its command with no conversation. Script and consolidate jobs never come here: the clock
// records their slots `not_yet` until the issues that bring their runners.
import type { ActivityHub } from "../activity/hub.ts";
import type { Store } from "../store/db.ts";
import type { Crew } from "../turns/crew.ts";
import type { TurnHost } from "../turns/host.ts";
import { runCommand } from "./run-command.ts";
import { runPrompt } from "./run-prompt.ts";
import type { Job, JobOutcome } from "./types.ts";

export type RunJobDeps = {
  store: Store;
  host: TurnHost;
  crew: () => Crew;
  hub: ActivityHub;
  log: (line: string) => void;
  /** Aborted when the server stops: a running command is killed and its run closed `interrupted`. */
  signal?: AbortSignal;
  /** A command job's hard limit in seconds (I-05: 900); tests shorten it. */
  commandLimitSeconds?: number;
};

/**
 * Runs `job` to its end and says how its run ended. Rejects, with no run stored, when the job's agent is no
 * longer in the crew or its kind has no runner yet; the clock does not pass either.
 */
export async function runJob(deps: RunJobDeps, job: Job): Promise<JobOutcome> {
  const agent = deps.crew().get(job.agentId);
  if (!agent) throw new Error(`job ${job.id}: agent ${job.agentId} is not in the crew`);
  if (job.kind === "prompt") return runPrompt(deps, job, agent);
  if (job.kind === "command") return runCommand(deps, job, agent);
  throw new Error(`job ${job.id}: ${job.kind} jobs have no runner yet`);
}
