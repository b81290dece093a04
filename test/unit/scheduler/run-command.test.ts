// Command jobs (I-05, H-10, L-74): one run with no conversation and exactly one shell_run step, in the agent's
// workspace and sandbox, its reason from the exit code and the last printed line, killed at the hard limit.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMMAND_LIMIT_S } from "../../../src/scheduler/run-command.ts";
import { runJob } from "../../../src/scheduler/run-job.ts";
import { getRun, listRuns, listSteps } from "../../../src/store/runs.ts";
import { TJ } from "../../../src/texts/vi-jobs.ts";
import { probeSandbox } from "../../../src/tools/sandbox.ts";
import { until } from "../../helpers/wait.ts";
import { job, jobHarness } from "./harness.ts";

const bwrap = probeSandbox().bwrap;

describe("a command job's run", () => {
  test("exit 0 is done: no conversation, one shell_run step run in the workspace, shown live", async () => {
    const h = jobHarness();
    const workspace = h.rt.crew().get("default")!.workspace;
    const out = await runJob(h.deps, job({ body: "pwd; echo fine" }));
    expect(out).toEqual({ runId: out.runId, status: "done", conversationId: null, reason: null });
    const run = getRun(h.store, out.runId)!;
    expect(run).toMatchObject({ source: "job:default/check", jobId: "default/check", conversationId: null });
    expect(run.status).toBe("done");
    const steps = listSteps(h.store, out.runId);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ type: "shell_run", name: "shell_run", status: "done" });
    expect(JSON.parse(steps[0].arguments!)).toEqual({ command: "pwd; echo fine" });
    expect(steps[0].result).toBe(`exit code: 0\nstdout:\n${workspace}\nfine`);
    const frames = h.signals.filter((s) => s.type === "run").map((s) => s.type === "run" && [s.id, s.status]);
    expect(frames).toEqual([[out.runId, "running"], [out.runId, "done"]]);
  });

  test("a non-zero exit is an error whose reason names the code and the last line printed", async () => {
    const h = jobHarness();
    const out = await runJob(h.deps, job({ body: "echo first; printf 'disk full\\n\\n'; exit 3" }));
    const reason = "Lệnh thoát với mã 3. Dòng cuối lệnh in ra: disk full.";
    expect(out).toMatchObject({ status: "error", conversationId: null, reason });
    expect(getRun(h.store, out.runId)).toMatchObject({ status: "error", summary: reason });
    const steps = listSteps(h.store, out.runId);
    expect(steps.map((s) => [s.type, s.status])).toEqual([["shell_run", "error"]]);
    // Earlier lines stay on the step, not in the reason.
    expect(steps[0].result).toBe("exit code: 3\nstdout:\nfirst\ndisk full\n");
  });

  test("the last line may come from stderr", async () => {
    const h = jobHarness();
    const out = await runJob(h.deps, job({ body: "echo 'cat: notes.txt: No such file or directory' >&2; exit 1" }));
    expect(out.reason).toBe("Lệnh thoát với mã 1. Dòng cuối lệnh in ra: cat: notes.txt: No such file or directory.");
  });

  test("a command that prints nothing gets only the exit-code sentence", async () => {
    const h = jobHarness();
    const out = await runJob(h.deps, job({ body: "exit 3" }));
    expect(out).toMatchObject({ status: "error", reason: "Lệnh thoát với mã 3." });
  });

  test("the hard limit is 900 s, and its reason says so (L-74)", () => {
    expect(COMMAND_LIMIT_S).toBe(900);
    expect(TJ.commandTimeout(COMMAND_LIMIT_S)).toBe("Lệnh vượt quá 900 giây và đã bị dừng.");
  });

  test("a hanging command is killed at the limit with everything it started", async () => {
    const h = jobHarness();
    const workspace = h.rt.crew().get("default")!.workspace;
    const body = "sleep 60 & echo $! > child.pid; wait";
    const out = await runJob({ ...h.deps, commandLimitSeconds: 1 }, job({ body }));
    expect(out).toMatchObject({ status: "error", conversationId: null, reason: "Lệnh vượt quá 1 giây và đã bị dừng." });
    const steps = listSteps(h.store, out.runId);
    expect(steps.map((s) => [s.type, s.status])).toEqual([["shell_run", "error"]]);
    expect(steps[0].result).toStartWith("Stopped after 1 s");
    const pid = Number(readFileSync(join(workspace, "child.pid"), "utf8"));
    expect(await until(() => existsSync(`/proc/${pid}`) && !zombie(pid), (alive) => !alive)).toBe(false);
  });

  test("a server stop kills the command and closes its run interrupted, with no reason", async () => {
    const h = jobHarness();
    const stop = new AbortController();
    const running = runJob({ ...h.deps, signal: stop.signal }, job({ body: "sleep 60" }));
    await until(() => listRuns(h.store, { jobId: "default/check" }).length, (n) => n === 1);
    stop.abort("shutdown");
    const out = await running;
    expect(out).toMatchObject({ status: "interrupted", reason: null });
    expect(listSteps(h.store, out.runId).map((s) => s.status)).toEqual(["interrupted"]);
  });

  test("network off without a usable sandbox: the command never runs, and the owner is told why", async () => {
    const h = jobHarness({ ops: { sandbox: { network: false } } });
    const workspace = h.rt.crew().get("ops")!.workspace;
    const out = await runJob(h.deps, job({ agentId: "ops", body: "touch ran" }));
    expect(out.status).toBe("error");
    expect(out.reason).toStartWith("Hồ sơ của agent tắt mạng cho lệnh shell");
    expect(listSteps(h.store, out.runId).map((s) => [s.type, s.status])).toEqual([["shell_run", "refused"]]);
    expect(existsSync(join(workspace, "ran"))).toBe(false);
  });

  test.skipIf(!bwrap)("inside the agent's sandbox the command cannot read the home's env file", async () => {
    const h = jobHarness({}, bwrap);
    writeFileSync(h.paths.env, "SECRET_KEY=abc\n");
    const out = await runJob(h.deps, job({ body: `cat ${h.paths.env}` }));
    expect(out.status).toBe("error");
    expect(listSteps(h.store, out.runId)[0].result).not.toContain("SECRET_KEY");
  });
});

function zombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}
