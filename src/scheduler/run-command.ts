// A command job (I-05, H-10, L-74): the command runs through shell_run's own code in the agent's workspace,
// confined as the agent's commands are, and is killed with everything it started at the hard limit. Its run
// has no conversation and exactly one `shell_run` step; the activity rail shows it while it runs.
import { addStep, createRun, setRunStatus, type RunStatus, type StepStatus } from "../store/runs.ts";
import { nowIso } from "../store/db.ts";
import { TJ } from "../texts/vi-jobs.ts";
import { sandboxRefusal } from "../tools/sandbox.ts";
import { runShell, shellReport, SHELL_MAX_TIMEOUT_S, type ShellEnd } from "../tools/shell-run.ts";
import type { AgentRuntime } from "../turns/crew.ts";
import { runFrame } from "../turns/json.ts";
import type { RunJobDeps } from "./run-job.ts";
import type { Job, JobOutcome } from "./types.ts";

/** The hard limit of a command job (I-05): the shell tool's own maximum. */
export const COMMAND_LIMIT_S = SHELL_MAX_TIMEOUT_S;

/** How the command ended, as its step and its run record it. */
type Ending = { status: RunStatus; step: StepStatus; result: string; reason: string | null };

export async function runCommand(deps: RunJobDeps, job: Job, agent: AgentRuntime): Promise<JobOutcome> {
  const { store, hub } = deps;
  const command = job.body ?? "";
  const run = createRun(store, { agentId: agent.id, source: `job:${job.id}`, jobId: job.id });
  hub.run(runFrame(run));
  const startedAt = nowIso();
  const ending = await execute(deps, agent, command);
  addStep(store, {
    runId: run.id,
    type: "shell_run",
    name: "shell_run",
    arguments: JSON.stringify({ command }),
    result: ending.result,
    status: ending.step,
    startedAt,
  });
  const closed = setRunStatus(store, run.id, ending.status, ending.reason ? { summary: ending.reason } : {});
  if (closed) hub.run(runFrame(closed));
  return { runId: run.id, status: ending.status, conversationId: null, reason: ending.reason };
}

async function execute(deps: RunJobDeps, agent: AgentRuntime, command: string): Promise<Ending> {
  const refused = sandboxRefusal(agent.shell);
  if (refused) return { status: "error", step: "refused", result: refused, reason: TJ.commandNoSandbox };
  const seconds = deps.commandLimitSeconds ?? COMMAND_LIMIT_S;
  const ctx = { workspace: agent.workspace, shell: agent.shell, signal: deps.signal ?? new AbortController().signal };
  let end: ShellEnd;
  try {
    end = await runShell(ctx, agent.workspace, command, seconds);
  } catch (e) {
    const message = (e as Error).message;
    return { status: "error", step: "error", result: message, reason: TJ.commandNotStarted(message) };
  }
  const result = shellReport(end, seconds);
  if (end.stopped === "cancelled") return { status: "interrupted", step: "interrupted", result, reason: null };
  if (end.stopped === "timeout") return { status: "error", step: "error", result, reason: TJ.commandTimeout(seconds) };
  if (end.exitCode === 0) return { status: "done", step: "done", result, reason: null };
  const ended = end.exitCode !== null ? TJ.commandExit(end.exitCode) : TJ.commandSignal(end.signalCode ?? "?");
  const line = lastLine(end);
  return { status: "error", step: "error", result, reason: line ? `${ended} ${TJ.commandLastLine(line)}` : ended };
}

/** The last non-blank line the command printed, from whichever stream wrote last (L-74). */
function lastLine(end: ShellEnd): string | null {
  const streams = [end.out, end.err].filter((s) => s.total > 0).sort((a, b) => b.lastPush - a.lastPush);
  for (const s of streams) {
    const line = s.text().split(/\r?\n/).map((l) => l.trim()).filter(Boolean).at(-1);
    if (line) return line;
  }
  return null;
}
