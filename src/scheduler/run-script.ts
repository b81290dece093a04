// A script job (I-06, I-07, L-73): the schedule's script runs through tool_script's own code with no agent
// turn; its run has no conversation and exactly one `tool_script` step, and nothing waits for a person. Only
// when the script finished, printed something and the schedule has then_prompt, a new turn is opened like a
// prompt job's, carrying then_prompt and the output fenced as data.
import { addRunSpend, addStep, createRun, setRunStatus } from "../store/runs.ts";
import { nowIso } from "../store/db.ts";
import { closeStreak } from "../store/job-state.ts";
import { jobNamespace } from "../store/script-store.ts";
import { scriptBook } from "../turns/script-book.ts";
import { recordSideCall } from "../store/side-calls.ts";
import { TS } from "../texts/vi-script-tool.ts";
import { runToolScript, TOOL_SCRIPT, type ScriptOutcome, type ScriptRunner } from "../tools/tool-script.ts";
import type { ToolContext } from "../tools/define.ts";
import type { AgentRuntime } from "../turns/crew.ts";
import { runFrame } from "../turns/json.ts";
import type { RunJobDeps } from "./run-job.ts";
import { runPrompt } from "./run-prompt.ts";
import type { Job, JobOutcome } from "./types.ts";

export async function runScriptJob(
  deps: RunJobDeps, job: Job, agent: AgentRuntime, run: ScriptRunner,
): Promise<JobOutcome> {
  const { store, hub } = deps;
  const code = job.body ?? "";
  const r = createRun(store, { agentId: agent.id, source: `job:${job.id}`, jobId: job.id });
  hub.run(runFrame(r));
  const startedAt = nowIso();
  const ctx: ToolContext = {
    workspace: agent.workspace,
    shell: agent.shell,
    signal: deps.signal ?? new AbortController().signal,
    agentId: agent.id,
    conversationId: null,
    callId: `job-${r.id}`,
    // A job's conversations are autonomous (I-04), and so is its script; whatever would still ask (a forced
    // ask, a question) stops the script, since nobody watches (I-06).
    policy: () => ({ autonomous: true, autoApprove: [] }),
    script: {
      book: scriptBook(store, agent.id, jobNamespace(job.scheduleId)),
      job: true,
      routes: agent.routes,
      record: (row) => void recordSideCall(store, { ...row, runId: r.id, agentId: agent.id }),
      charge: (cost) => void addRunSpend(store, r.id, cost === null ? { unknownCalls: 1 } : { usd: cost }),
    },
  };
  const gated = agent.scriptCalls === "gated";
  const out = await settle(() => runToolScript({ tools: agent.tools, gated, run }, code, ctx));
  addStep(store, {
    runId: r.id, type: TOOL_SCRIPT, name: TOOL_SCRIPT, arguments: JSON.stringify({ code }),
    result: out.text, status: out.status, startedAt,
  });
  const closed = setRunStatus(store, r.id, out.status, out.reason ? { summary: out.reason } : {});
  if (closed) hub.run(runFrame(closed));
  const outcome: JobOutcome = { runId: r.id, status: out.status, conversationId: null, reason: out.reason };
  if (out.status === "done" && out.printed.trim() && job.thenPrompt) {
    // The turn is delivered like a prompt job's and never counted in the streak (I-23); when it fails, the
    // streak closes silently (I-28), so the counter then finds no streak to announce a recovery for.
    const body = thenPromptMessage(job.thenPrompt, out.printed);
    const turn = await runPrompt(deps, { ...job, body }, agent);
    if (turn.status !== "done" && closeStreak(store, job.id)) hub.jobs();
  }
  return outcome;
}

/** I-07: then_prompt, a sentence that the output is data, and the output between two lines with a fresh number. */
export function thenPromptMessage(thenPrompt: string, printed: string): string {
  const marker = `SCRIPT-OUTPUT-${freshNumber()}`;
  return `${thenPrompt}\n\n${TS.outputIsData(marker)}\n${marker}\n${printed.trimEnd()}\n${marker}`;
}

function freshNumber(): string {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${a}${b}`.padStart(12, "0");
}

/** The runner or the host failing outside the script is still one error step, never an unclosed run. */
async function settle(f: () => Promise<ScriptOutcome>): Promise<ScriptOutcome> {
  try {
    return await f();
  } catch (e) {
    const why = (e as Error)?.message ?? String(e);
    return { status: "error", text: why, printed: "", reason: why };
  }
}
