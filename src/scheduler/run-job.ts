// Running one scheduled job (I-04…I-08): a prompt job opens an autonomous conversation and runs one turn, a
// command, script or consolidate job runs with no conversation.
import type { ActivityHub } from "../activity/hub.ts";
import type { Store } from "../store/db.ts";
import type { Crew } from "../turns/crew.ts";
import type { TurnHost } from "../turns/host.ts";
import type { ScriptRunner } from "../tools/tool-script.ts";
import { runScript } from "../script/engine.ts";
import { runCommand } from "./run-command.ts";
import { runConsolidate } from "./run-consolidate.ts";
import { runPrompt } from "./run-prompt.ts";
import { runScriptJob } from "./run-script.ts";
import type { Job, JobChannel, JobOutcome } from "./types.ts";

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
  /** Runs a script job's script; the QuickJS engine unless a test hands another. */
  runScript?: ScriptRunner;
  /** The owner's chat for prompt jobs' answers, asked at each delivery (the bot is rebuilt in place);
   * absent or null: no channel, every run logs `delivered=false`. */
  jobChannel?: () => JobChannel | null;
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
  if (job.kind === "script") return runScriptJob(deps, job, agent, deps.runScript ?? runScript);
  if (job.kind === "consolidate") return runConsolidate(deps, job, agent);
  throw new Error(`job ${job.id}: ${job.kind} jobs have no runner yet`);
}
