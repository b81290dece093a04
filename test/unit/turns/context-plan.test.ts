// Where a compaction may cut, and how big the context is (issue 20): never after the latest user message,
// never between a call and its result; the provider's reported usage counts, estimates only what came after.
import { describe, expect, test } from "bun:test";
import type { Message } from "../../../src/store/messages.ts";
import { chooseCut, contextTokens, cutPoints, rowTokens } from "../../../src/turns/context-plan.ts";

let seq = 0;
const msg = (role: Message["role"], more: Partial<Message> = {}): Message => ({
  id: ++seq, conversationId: "c", seq, role, content: `${role} ${seq}`, toolCalls: null, toolCallId: null, name: null,
  model: null, provider: null, costUsd: null, inputTokens: null, outputTokens: null, cachedTokens: null,
  reasoningTokens: null, block: null, source: null, createdAt: "", ...more,
});
const call = (id: string) => msg("assistant", { toolCalls: [{ id, name: "t", arguments: "{}" }] });
const result = (id: string) => msg("tool", { toolCallId: id, name: "t" });

describe("cut points", () => {
  test("before each user message but the first, up to and including the latest one", () => {
    const rows = [msg("user"), msg("assistant"), msg("user"), msg("assistant"), msg("user"), call("a"), result("a")];
    expect(cutPoints(rows)).toEqual([2, 4]);
  });

  test("never between a call and its result, even one recorded after a later user message", () => {
    const rows = [msg("user"), call("a"), msg("user"), result("a"), msg("assistant"), msg("user"), msg("assistant")];
    expect(cutPoints(rows)).toEqual([5]);
  });

  test("a call with no result anywhere allows no cut after it", () => {
    const rows = [msg("user"), msg("assistant"), msg("user"), call("open"), msg("user"), msg("assistant")];
    expect(cutPoints(rows)).toEqual([2]);
  });

  test("the earliest cut that brings what is kept under the target, else the latest there is", () => {
    const rows = [msg("user"), msg("assistant"), msg("user"), msg("assistant"), msg("user"), msg("assistant")];
    const points = cutPoints(rows);
    const tail = (i: number) => rows.slice(i).reduce((n, m) => n + rowTokens(m), 0);
    expect(chooseCut(rows, points, tail(2))).toBe(2);
    expect(chooseCut(rows, points, tail(4))).toBe(4);
    expect(chooseCut(rows, points, 0)).toBe(4);
    expect(chooseCut([msg("user")], [], 100)).toBeNull();
  });
});

describe("context size", () => {
  test("the latest reported usage plus estimates of what came after it", () => {
    const after = msg("user", { content: "x".repeat(300) });
    const rows = [msg("user"), msg("assistant", { inputTokens: 1000, outputTokens: 50 }), after];
    expect(contextTokens(rows, 0, 0, () => 999_999, () => 0)).toBe(1050 + rowTokens(after));
    // Only the messages the model reads count: those before `start` were replaced by the summary.
    expect(contextTokens(rows, 2, 0, () => 500, () => 20)).toBe(520 + rowTokens(after));
  });

  test("usage reported before the latest compaction does not count: everything is estimated", () => {
    const rows = [msg("user"), msg("assistant", { inputTokens: 100_000, outputTokens: 50 })];
    const estimated = 500 + 20 + rows.reduce((n, m) => n + rowTokens(m), 0);
    expect(contextTokens(rows, 0, rows[1]!.seq, () => 500, () => 20)).toBe(estimated);
  });

  test("Vietnamese counts by its bytes: no fewer tokens than letters / 2", () => {
    const text = "Hôm nay trời đẹp, mình đi dạo quanh hồ Xuân Hương nhé";
    expect(rowTokens(msg("user", { content: text }))).toBeGreaterThanOrEqual(text.length / 2);
  });
});
