import { describe, expect, test } from "bun:test";
import {
  closeStreak,
  deleteJobState,
  forgetJob,
  getJobState,
  listJobStates,
  markLastRun,
  markTold,
  recordFailure,
  setPaused,
} from "../../../src/store/job-state.ts";
import { memStore } from "./helpers.ts";

const JOB = "default/backup";

describe("job state", () => {
  test("pause and last-run marks are upserts on one row", () => {
    const store = memStore();
    expect(getJobState(store, JOB)).toBeNull();
    expect(setPaused(store, JOB, true).paused).toBe(true);
    const marked = markLastRun(store, JOB, { at: "2030-01-01T00:00:00.000Z", runId: "r1", timing: "0 7 * * *" });
    expect(marked).toMatchObject({ paused: true, lastRunAt: "2030-01-01T00:00:00.000Z", lastRunId: "r1", timing: "0 7 * * *" });
    expect(setPaused(store, JOB, false)).toMatchObject({ paused: false, lastRunId: "r1" });
    expect(listJobStates(store)).toHaveLength(1);
  });

  test("a failure streak counts from its first failure; told_at only inside a streak", () => {
    const store = memStore();
    expect(markTold(store, JOB)).toBeNull();
    recordFailure(store, JOB, "2030-01-01T00:00:00.000Z");
    const second = recordFailure(store, JOB, "2030-01-01T01:00:00.000Z");
    expect(second).toMatchObject({ failCount: 2, streakSince: "2030-01-01T00:00:00.000Z", toldAt: null });
    expect(markTold(store, JOB, "2030-01-01T01:00:05.000Z")!.toldAt).toBe("2030-01-01T01:00:05.000Z");
    const before = closeStreak(store, JOB)!;
    expect(before).toMatchObject({ failCount: 2, toldAt: "2030-01-01T01:00:05.000Z" });
    expect(getJobState(store, JOB)).toMatchObject({ failCount: 0, streakSince: null, toldAt: null });
    expect(closeStreak(store, JOB)).toBeNull();
    expect(recordFailure(store, JOB, "2030-01-02T00:00:00.000Z").streakSince).toBe("2030-01-02T00:00:00.000Z");
  });

  test("forgetting a job drops pause and streak but keeps the last-run mark; delete drops the row", () => {
    const store = memStore();
    setPaused(store, JOB, true);
    markLastRun(store, JOB, { at: "2030-01-01T00:00:00.000Z" });
    recordFailure(store, JOB);
    forgetJob(store, JOB);
    expect(getJobState(store, JOB)).toMatchObject({ paused: false, failCount: 0, lastRunAt: "2030-01-01T00:00:00.000Z" });
    expect(deleteJobState(store, JOB)).toBe(true);
    expect(getJobState(store, JOB)).toBeNull();
  });
});
