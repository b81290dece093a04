// A prompt job (I-04, I-39, L-69): a new autonomous conversation for the agent, the prompt as its first user
// message, one turn read by the scheduler. Delivering the answer to Telegram comes with the Telegram issue;
// until then every run logs `delivered=false`.
import { createConversation, touchConversation } from "../store/conversations.ts";
import { appendMessage } from "../store/messages.ts";
import { getRun } from "../store/runs.ts";
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
  // The prompt commits with the run that answers it, as a sent message does (send.ts).
  const record = () => {
    appendMessage(store, { conversationId: conv.id, role: "user", content: job.body ?? "", source });
    touchConversation(store, conv.id);
  };
  const turn = host.start(conv.id, { source, reader: "job", jobId: job.id, record });
  return delivered(deps, job.id, conv.id, turn);
}

/**
 * The delivery step of a prompt job's turn, fresh or resumed after a restart (C-14): waits for its end and
 * logs it once (L-69). Telegram delivery joins here with the Telegram issue.
 */
export async function delivered(
  deps: Pick<RunJobDeps, "store" | "log">,
  jobId: string,
  conversationId: string,
  turn: ActiveTurn,
): Promise<JobOutcome> {
  await turn.done;
  const run = getRun(deps.store, turn.runId);
  const status = run?.status ?? "error";
  deps.log(`job ${jobId}: delivered=false conv=${conversationId} status=${status}`);
  const reason = status === "error" ? run?.summary ?? null : null;
  return { runId: turn.runId, status, conversationId, reason };
}
