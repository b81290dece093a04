// The slot ledger (migration 3): slots and the job's mark are written together, the newest 100 per job are
// kept, and the shape is enforced by the schema.
import { describe, expect, test } from "bun:test";
import { getJobState, recordFailure, setPaused } from "../../../src/store/job-state.ts";
import { listSlots, recordSlots, setSlotRun, SLOTS_KEPT } from "../../../src/store/job-slots.ts";
import { memStore } from "./helpers.ts";

const JOB = "default/backup";
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

describe("slot ledger", () => {
  test("slots and the mark are one write; pause and streak are kept", () => {
    const store = memStore();
    setPaused(store, JOB, true);
    recordFailure(store, JOB, at(0));
    const ids = recordSlots(store, JOB, [
      { dueAt: at(1), outcome: "missed", reason: "busy" },
      { dueAt: at(2), outcome: "ran" },
    ], { at: at(2), timing: "1m" });
    expect(getJobState(store, JOB)).toMatchObject({ lastRunAt: at(2), timing: "1m", paused: true, failCount: 1 });
    expect(setSlotRun(store, ids[1], "run-1")).toBe(true);
    expect(setSlotRun(store, ids[0], "run-0")).toBe(false);
    expect(listSlots(store, JOB).map((s) => [s.dueAt, s.outcome, s.runId, s.reason])).toEqual([
      [at(2), "ran", "run-1", null],
      [at(1), "missed", null, "busy"],
    ]);
  });

  test("a failing write leaves neither the slots nor the mark", () => {
    const store = memStore();
    expect(() =>
      recordSlots(store, JOB, [
        { dueAt: at(1), outcome: "skipped", reason: "paused" },
        { dueAt: at(2), outcome: "skipped" },
      ], { at: at(2), timing: "1m" }),
    ).toThrow(/CHECK/);
    expect(listSlots(store, JOB)).toEqual([]);
    expect(getJobState(store, JOB)).toBeNull();
  });

  test("only the newest 100 slots per job are kept", () => {
    const store = memStore();
    const slot = (i: number) => ({ dueAt: at(i), outcome: "missed" as const, reason: "down" as const });
    const many = Array.from({ length: 130 }, (_, i) => slot(i));
    recordSlots(store, JOB, many, null);
    recordSlots(store, "other/job", [{ dueAt: at(0), outcome: "ran" }], null);
    const kept = listSlots(store, JOB, 1000);
    expect(kept).toHaveLength(SLOTS_KEPT);
    expect(kept[0].dueAt).toBe(at(129));
    expect(kept[SLOTS_KEPT - 1].dueAt).toBe(at(30));
    expect(listSlots(store, "other/job")).toHaveLength(1);
  });
});
