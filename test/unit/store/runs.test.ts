import { describe, expect, test } from "bun:test";
import {
  addRunSpend,
  addStep,
  closeOrphanedWaiting,
  closeStaleRunning,
  createRun,
  findCutRuns,
  getRun,
  lastJobRun,
  listRuns,
  listSteps,
  reopenRun,
  setRunStatus,
} from "../../../src/store/runs.ts";
import { createApproval, decideApproval } from "../../../src/store/approvals.ts";
import { conversation, memStore } from "./helpers.ts";

const run = (store: ReturnType<typeof memStore>, id: string, conversationId: string | null, startedAt: string) =>
  createRun(store, { id, agentId: "default", source: "chat", conversationId, startedAt });

describe("runs", () => {
  test("a new run is running, not resumed, with no end", () => {
    const store = memStore();
    const r = createRun(store, { agentId: "default", source: "job:default/daily", jobId: "default/daily", afterSeq: 4 });
    expect(r).toMatchObject({ status: "running", resumed: false, endedAt: null, conversationId: null, afterSeq: 4, spentUsd: 0 });
  });

  test("closeStaleRunning closes every running run as interrupted and leaves the rest alone", () => {
    const store = memStore();
    run(store, "r1", "c1", "2030-01-01T00:00:00.000Z");
    run(store, "r2", null, "2030-01-01T00:00:01.000Z");
    run(store, "w", "c2", "2030-01-01T00:00:02.000Z");
    setRunStatus(store, "w", "waiting");
    run(store, "d", "c3", "2030-01-01T00:00:03.000Z");
    setRunStatus(store, "d", "done", { summary: "ok" });
    expect(closeStaleRunning(store).map((r) => r.id).sort()).toEqual(["r1", "r2"]);
    for (const id of ["r1", "r2"]) {
      const r = getRun(store, id)!;
      expect(r.status).toBe("interrupted");
      expect(r.endedAt).not.toBeNull();
    }
    expect(getRun(store, "w")!.status).toBe("waiting");
    expect(getRun(store, "d")!).toMatchObject({ status: "done", summary: "ok" });
    expect(closeStaleRunning(store)).toEqual([]);
  });

  test("the cut set is each conversation's newest run when it was interrupted and never resumed", () => {
    const store = memStore();
    run(store, "old", "c1", "2030-01-01T00:00:00.000Z");
    run(store, "new", "c1", "2030-01-01T00:01:00.000Z");
    run(store, "superseded", "c2", "2030-01-01T00:00:00.000Z");
    run(store, "job", null, "2030-01-01T00:00:00.000Z");
    closeStaleRunning(store);
    run(store, "newer", "c2", "2030-01-01T00:02:00.000Z");
    setRunStatus(store, "newer", "done");
    expect(findCutRuns(store).map((r) => r.id)).toEqual(["new"]);
    expect(reopenRun(store, "new")).toMatchObject({ status: "running", resumed: true, endedAt: null });
    expect(reopenRun(store, "new")).toBeNull(); // at most once
    closeStaleRunning(store); // the resumed turn crashed the server too
    expect(findCutRuns(store)).toEqual([]);
    expect(getRun(store, "new")!).toMatchObject({ status: "interrupted", resumed: true });
  });

  test("a waiting run survives boot while its approval is pending, and is closed once nothing is pending", () => {
    const store = memStore();
    const c = conversation(store);
    run(store, "r", c.id, "2030-01-01T00:00:00.000Z");
    setRunStatus(store, "r", "waiting");
    const a = createApproval(store, { conversationId: c.id, runId: "r", toolCallId: "t1", tool: "shell_run", ttlSeconds: 600 });
    expect(closeOrphanedWaiting(store)).toEqual([]);
    decideApproval(store, a.id, { status: "denied" });
    expect(closeOrphanedWaiting(store).map((r) => r.id)).toEqual(["r"]);
    expect(getRun(store, "r")!.status).toBe("interrupted");
  });

  test("halted needs a reason and only halted may have one; finished runs get an end time", () => {
    const store = memStore();
    run(store, "r", null, "2030-01-01T00:00:00.000Z");
    expect(() => setRunStatus(store, "r", "halted")).toThrow(/CHECK/);
    expect(() => setRunStatus(store, "r", "done", { haltReason: "loop" })).toThrow(/CHECK/);
    expect(setRunStatus(store, "r", "halted", { haltReason: "budget" })).toMatchObject({ status: "halted", haltReason: "budget" });
    expect(setRunStatus(store, "r", "running")!.endedAt).toBeNull();
    expect(() => store.db.run("UPDATE runs SET status = 'stopped' WHERE id = 'r'")).toThrow(/CHECK/);
    expect(() => store.db.run("UPDATE runs SET ended_at = NULL, status = 'done' WHERE id = 'r'")).toThrow(/CHECK/);
  });

  test("spend adds up, unknown prices apart", () => {
    const store = memStore();
    run(store, "r", null, "2030-01-01T00:00:00.000Z");
    addRunSpend(store, "r", { usd: 0.2 });
    addRunSpend(store, "r", { unknownCalls: 2 });
    expect(getRun(store, "r")).toMatchObject({ spentUsd: 0.2, unknownCostCalls: 2 });
  });

  test("listRuns is newest first, filterable and paged backwards", () => {
    const store = memStore();
    for (let i = 0; i < 5; i++) {
      createRun(store, { id: `r${i}`, agentId: i % 2 ? "coach" : "default", source: "chat", startedAt: `2030-01-01T00:00:0${i}.000Z` });
    }
    const first = listRuns(store, { limit: 2 });
    expect(first.map((r) => r.id)).toEqual(["r4", "r3"]);
    expect(listRuns(store, { limit: 2, before: first[1].startedAt }).map((r) => r.id)).toEqual(["r2", "r1"]);
    expect(listRuns(store, { agentId: "coach" }).map((r) => r.id)).toEqual(["r3", "r1"]);
  });

  test("lastJobRun is the job's newest run, whatever other jobs ran later", () => {
    const store = memStore();
    const job = (id: string, jobId: string, startedAt: string) =>
      createRun(store, { id, agentId: "default", source: `job:${jobId}`, jobId, startedAt });
    expect(lastJobRun(store, "default/a")).toBeNull();
    job("a1", "default/a", "2030-01-01T00:00:00.000Z");
    job("a2", "default/a", "2030-01-02T00:00:00.000Z");
    job("b1", "default/b", "2030-01-03T00:00:00.000Z");
    expect(lastJobRun(store, "default/a")?.id).toBe("a2");
  });

  test("steps get contiguous seq per run and a checked type", () => {
    const store = memStore();
    run(store, "a", null, "2030-01-01T00:00:00.000Z");
    run(store, "b", null, "2030-01-01T00:00:00.000Z");
    addStep(store, { runId: "a", type: "model", model: "m", costUsd: 0.01, inputTokens: 5 });
    addStep(store, { runId: "b", type: "shell_run", name: "shell_run", status: "error" });
    addStep(store, { runId: "a", type: "tool", name: "file_read", arguments: '{"path":"x"}', result: "ok" });
    expect(listSteps(store, "a").map((s) => [s.seq, s.type, s.name])).toEqual([
      [1, "model", null],
      [2, "tool", "file_read"],
    ]);
    expect(listSteps(store, "b")[0]).toMatchObject({ seq: 1, status: "error" });
    expect(() => addStep(store, { runId: "a", type: "thinking" as "model" })).toThrow(/CHECK/);
    expect(() => addStep(store, { runId: "missing", type: "model" })).toThrow(/FOREIGN KEY/);
  });
});
