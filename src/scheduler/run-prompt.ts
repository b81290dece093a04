// A prompt job (I-04, I-39, L-64…L-70): a new autonomous conversation for the agent, the prompt as its first
// user message, one turn read by the scheduler; at its end the answer goes to the owner's chat through the
// job channel (none configured: nothing is sent) and one line is logged per job turn.
import { createConversation, touchConversation } from "../store/conversations.ts";
import { appendMessage, lastSeq } from "../store/messages.ts";
import { getRun } from "../store/runs.ts";
import { jobDelivery } from "../telegram/job-delivery.ts";
import { jobRunFacts } from "../telegram/job-run.ts";
import type { AgentRuntime } from "../turns/crew.ts";
import type { ActiveTurn } from "../turns/host.ts";
import type { RunJobDeps } from "./run-job.ts";
import type { Job, JobOutcome } from "./types.ts";

export async function runPrompt(deps: RunJobDeps, job: Job, agent: AgentRuntime): Promise<JobOutcome> {
  const { store, host } = deps;
  const source = `job:${job.id}`;
  const conv = createConversation(store, {
    agentId: agent.id,
    source,
    autonomous: true,
    costCapUsd: agent.costCapUsd,
    approvalTtlSeconds: job.approvalTtlSeconds ?? agent.approvalTtlSeconds,
  });
  // The prompt commits with the run that answers it, as a sent message does (send.ts), with its block (G-05).
  const record = (block: string) => {
    appendMessage(store, { conversationId: conv.id, role: "user", content: job.body ?? "", source, block });
    touchConversation(store, conv.id);
  };
  const turn = host.start(conv.id, { source, reader: "job", jobId: job.id, record });
  return delivered(deps, job.id, conv.id, turn);
}

export type DeliveryDeps = Pick<RunJobDeps, "store" | "log" | "crew" | "jobChannel">;

/**
 * The delivery step of a prompt job's turn — fresh, resumed after a restart (C-14), or continued after an
 * approval was decided or expired: waits for its end, sends its answer once and logs it once (L-69).
 */
export async function delivered(
  deps: DeliveryDeps,
  jobId: string,
  conversationId: string,
  turn: ActiveTurn,
): Promise<JobOutcome> {
  await turn.done;
  const run = getRun(deps.store, turn.runId);
  const status = run?.status ?? "error";
  const sent = await deliver(deps, jobId, conversationId, turn.runId);
  deps.log(`job ${jobId}: delivered=${sent} conv=${conversationId} status=${status}`);
  const reason = status === "error" ? run?.summary ?? null : null;
  return { runId: turn.runId, status, conversationId, reason };
}

/** Sends the run's answer (job-delivery.ts) through the job channel; true once the channel took it all. */
async function deliver(deps: DeliveryDeps, jobId: string, conversationId: string, runId: string): Promise<boolean> {
  try {
    const found = jobRunFacts(deps.store, deps.crew(), conversationId, runId);
    if (!found.ok) return (deps.log(`job ${jobId}: ${found.why}, not delivered`), false);
    // Cut by a shutdown: the run stays open and is resumed, then delivered, at the next boot (C-18).
    if (found.facts.status === "running") return false;
    const plan = jobDelivery(found.facts);
    if (plan.kind === "nothing") return (deps.log(`job ${jobId}: nothing to report, not delivered`), false);
    const channel = deps.jobChannel?.() ?? null;
    if (!channel) return false;
    // One key per delivery point: a run that paused and continued is delivered again, never twice at once.
    if (await channel.deliver(plan.messages, `job:${runId}@${lastSeq(deps.store, conversationId)}`)) return true;
    deps.log(`job ${jobId}: delivery failed, not retried`);
  } catch (e) {
    deps.log(`job ${jobId}: delivery failed, not retried: ${(e as Error)?.message ?? e}`);
  }
  return false;
}
