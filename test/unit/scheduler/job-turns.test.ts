// A prompt job's turn cut by a restart (C-10, C-14): the scheduler reads it, so it resumes as the same run,
// read as a job's turn, and its end is logged once by the job's delivery step; the TurnHost alone leaves it.
import { describe, expect, test } from "bun:test";
import { JobTurns } from "../../../src/scheduler/job-turns.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { createRun, getRun, listRuns } from "../../../src/store/runs.ts";
import { closeLeftOpen, resumeCutTurns } from "../../../src/turns/resume.ts";
import { until } from "../../helpers/wait.ts";
import { jobHarness } from "./harness.ts";

/** What a process killed in the middle of a prompt job's turn leaves behind. */
function cutJobTurn(h: ReturnType<typeof jobHarness>) {
  const source = "job:default/brief";
  const conv = createConversation(h.store, { agentId: "default", source, autonomous: true, title: "set" });
  appendMessage(h.store, { conversationId: conv.id, role: "user", content: "Tóm tắt việc hôm nay", source });
  const run = createRun(h.store, { agentId: "default", source, conversationId: conv.id, jobId: "default/brief" });
  return { conv, run };
}

describe("a cut prompt-job turn", () => {
  test("resumes as the same run, read as a job's turn, and is delivered once", async () => {
    const h = jobHarness();
    const { conv, run } = cutJobTurn(h);
    const reader = new JobTurns(h.deps);
    expect(resumeCutTurns(h.store, closeLeftOpen(h.store), [h.rt.host, reader])).toEqual({
      resumed: [run.id],
      skipped: [],
    });
    const turn = h.rt.host.running(conv.id)!;
    expect(turn).toMatchObject({ runId: run.id, reader: "job", source: "job:default/brief" });
    await turn.done;
    expect(getRun(h.store, run.id)).toMatchObject({ status: "done", resumed: true, jobId: "default/brief" });
    expect(listRuns(h.store, { jobId: "default/brief" })).toHaveLength(1);
    const line = `job default/brief: delivered=false conv=${conv.id} status=done`;
    expect(await until(() => h.logs.filter((l) => l === line).length, (n) => n > 0)).toBe(1);
  });

  test("without the scheduler's reader it stays interrupted", () => {
    const h = jobHarness();
    const { run } = cutJobTurn(h);
    const report = resumeCutTurns(h.store, closeLeftOpen(h.store), [h.rt.host]);
    expect(report.skipped).toEqual([{ runId: run.id, why: "nobody reads job:default/brief turns now" }]);
    expect(getRun(h.store, run.id)!.status).toBe("interrupted");
  });
});
