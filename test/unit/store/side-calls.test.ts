import { describe, expect, test } from "bun:test";
import { listSideCalls, recordSideCall } from "../../../src/store/side-calls.ts";
import { memStore } from "./helpers.ts";

describe("side calls", () => {
  test("records metrics with unknown cost as NULL, listed by time window", () => {
    const store = memStore();
    const before = store.writes();
    recordSideCall(store, { purpose: "title", model: "m", costUsd: 0.001, inputTokens: 20, createdAt: "2030-01-01T10:00:00.000Z" });
    recordSideCall(store, { purpose: "transcribe", createdAt: "2030-01-02T10:00:00.000Z" });
    expect(store.writes()).toBe(before + 2);
    const day1 = listSideCalls(store, "2030-01-01T00:00:00.000Z", "2030-01-02T00:00:00.000Z");
    expect(day1.map((c) => [c.purpose, c.costUsd, c.inputTokens])).toEqual([["title", 0.001, 20]]);
    const day2 = listSideCalls(store, "2030-01-02T00:00:00.000Z", "2030-01-03T00:00:00.000Z");
    expect(day2[0]).toMatchObject({ purpose: "transcribe", costUsd: null });
  });

  test("a purpose is required", () => {
    const store = memStore();
    expect(() => recordSideCall(store, { purpose: "" })).toThrow(/CHECK/);
  });
});
