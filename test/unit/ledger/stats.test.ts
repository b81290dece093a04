import { describe, expect, test } from "bun:test";
import { LEDGER_DAYS, StatsCache, computeStats } from "../../../src/ledger/stats.ts";
import { dayWindow } from "../../../src/ledger/days.ts";
import { appendMessage, copyMessages, type NewMessage } from "../../../src/store/messages.ts";
import { recordSideCall } from "../../../src/store/side-calls.ts";
import { createRun, addRunSpend } from "../../../src/store/runs.ts";
import { conversation, memStore } from "../store/helpers.ts";

const TZ = "Asia/Ho_Chi_Minh";
const NOW = new Date("2026-11-30T10:00:00Z"); // 17:00 on 2026-11-30 in Ho Chi Minh City

function assistant(store: ReturnType<typeof memStore>, conversationId: string, extra: Partial<NewMessage> = {}) {
  return appendMessage(store, { conversationId, role: "assistant", content: "ok", provider: "openai", model: "gpt-4.1-mini", costUsd: 0.01, inputTokens: 100, outputTokens: 20, createdAt: "2026-11-30T08:00:00.000Z", ...extra });
}

describe("usage ledger", () => {
  test("sums assistant messages and side calls by day, model, purpose, agent and in total", () => {
    const store = memStore();
    const c = conversation(store, { agentId: "default" });
    const w = conversation(store, { agentId: "writer" });
    appendMessage(store, { conversationId: c.id, role: "user", content: "hi", createdAt: "2026-11-30T07:59:00.000Z" });
    assistant(store, c.id);
    assistant(store, c.id, { costUsd: 0.02, cachedTokens: 40, reasoningTokens: 5 });
    assistant(store, w.id, { provider: "anthropic", model: "claude-sonnet-4-5", costUsd: 0.1, inputTokens: 10, outputTokens: 1 });
    appendMessage(store, { conversationId: c.id, role: "tool", content: "file body", name: "file_read", createdAt: "2026-11-30T08:00:01.000Z" });
    recordSideCall(store, { purpose: "title", provider: "openai", model: "gpt-4.1-mini", costUsd: 0.001, inputTokens: 50, outputTokens: 5, conversationId: c.id, createdAt: "2026-11-30T08:01:00.000Z" });
    recordSideCall(store, { purpose: "consolidate", provider: "openai", model: "gpt-4.1-mini", costUsd: 0.004, agentId: "writer", createdAt: "2026-11-29T08:00:00.000Z" });

    const s = computeStats(store, TZ, NOW);
    expect(s.days.length).toBe(LEDGER_DAYS);
    expect(s.days.at(-1)).toMatchObject({ date: "2026-11-30", calls: 4, cost_usd: 0.131, input_tokens: 260, output_tokens: 46, cached_tokens: 40, reasoning_tokens: 5 });
    expect(s.days.at(-2)).toMatchObject({ date: "2026-11-29", calls: 1, cost_usd: 0.004 });
    expect(s.days[0]).toEqual({ date: "2026-11-01", cost_usd: 0, unknown_cost_calls: 0, calls: 0, input_tokens: 0, output_tokens: 0, cached_tokens: 0, reasoning_tokens: 0 });
    expect(s.models).toEqual([
      { provider: "anthropic", model: "claude-sonnet-4-5", cost_usd: 0.1, unknown_cost_calls: 0, calls: 1, input_tokens: 10, output_tokens: 1, cached_tokens: 0, reasoning_tokens: 0 },
      { provider: "openai", model: "gpt-4.1-mini", cost_usd: 0.035, unknown_cost_calls: 0, calls: 4, input_tokens: 250, output_tokens: 45, cached_tokens: 40, reasoning_tokens: 5 },
    ]);
    expect(s.purposes).toEqual([
      { purpose: "chat", cost_usd: 0.13, unknown_cost_calls: 0, calls: 3 },
      { purpose: "consolidate", cost_usd: 0.004, unknown_cost_calls: 0, calls: 1 },
      { purpose: "title", cost_usd: 0.001, unknown_cost_calls: 0, calls: 1 },
    ]);
    // The title call has no agent of its own: it is charged to its conversation's agent.
    expect(s.agents).toEqual([
      { agent_id: "writer", cost_usd: 0.104, unknown_cost_calls: 0, calls: 2 },
      { agent_id: "default", cost_usd: 0.031, unknown_cost_calls: 0, calls: 3 },
    ]);
    expect(s.totals).toMatchObject({ calls: 5, cost_usd: 0.135, unknown_cost_calls: 0 });
  });

  test("never reads runs: spend recorded on a run adds nothing", () => {
    const store = memStore();
    const c = conversation(store);
    const run = createRun(store, { agentId: "default", source: "chat", conversationId: c.id, afterSeq: 0 });
    addRunSpend(store, run.id, { usd: 5, unknownCalls: 3 });
    expect(computeStats(store, TZ, NOW).totals).toMatchObject({ calls: 0, cost_usd: 0, unknown_cost_calls: 0 });
  });

  test("copied fork messages (NULL provider) are not counted again", () => {
    const store = memStore();
    const c = conversation(store);
    assistant(store, c.id);
    const fork = conversation(store, { forkedFrom: c.id });
    expect(copyMessages(store, c.id, fork.id, 99)).toBe(1);
    const s = computeStats(store, TZ, NOW);
    expect(s.totals).toMatchObject({ calls: 1, cost_usd: 0.01 });
    expect(s.models.map((m) => m.calls)).toEqual([1]);
  });

  test("unknown prices are counted apart, never added as 0", () => {
    const store = memStore();
    const c = conversation(store);
    assistant(store, c.id, { costUsd: null });
    assistant(store, c.id, { costUsd: 0.5 });
    recordSideCall(store, { purpose: "tool_summary", provider: "openai", model: "gpt-4.1-mini", costUsd: null, createdAt: "2026-11-30T08:00:00.000Z" });
    const s = computeStats(store, TZ, NOW);
    expect(s.totals).toMatchObject({ calls: 3, cost_usd: 0.5, unknown_cost_calls: 2 });
    expect(s.days.at(-1)).toMatchObject({ calls: 3, cost_usd: 0.5, unknown_cost_calls: 2 });
    expect(s.purposes.find((p) => p.purpose === "tool_summary")).toEqual({ purpose: "tool_summary", cost_usd: 0, unknown_cost_calls: 1, calls: 1 });
  });

  test("days are the owner's calendar days, not UTC days", () => {
    const store = memStore();
    const c = conversation(store);
    // 18:30 UTC on the 29th is 01:30 on the 30th in Ho Chi Minh City (UTC+7)...
    assistant(store, c.id, { createdAt: "2026-11-29T18:30:00.000Z" });
    // ...and 16:59 UTC is still 23:59 on the 29th.
    assistant(store, c.id, { createdAt: "2026-11-29T16:59:00.000Z", costUsd: 0.02 });
    const hcm = computeStats(store, TZ, NOW);
    expect(hcm.days.at(-1)).toMatchObject({ date: "2026-11-30", calls: 1, cost_usd: 0.01 });
    expect(hcm.days.at(-2)).toMatchObject({ date: "2026-11-29", calls: 1, cost_usd: 0.02 });
    const utc = computeStats(store, "UTC", NOW);
    expect(utc.days.at(-2)).toMatchObject({ date: "2026-11-29", calls: 2 });
    expect(utc.days.at(-1)).toMatchObject({ date: "2026-11-30", calls: 0 });
  });

  test("only the last 30 owner days are summed; older rows are outside every section", () => {
    const store = memStore();
    const c = conversation(store);
    assistant(store, c.id, { createdAt: "2026-10-31T16:59:00.000Z" }); // 2026-10-31 23:59 local: day 31 back
    assistant(store, c.id, { createdAt: "2026-10-31T17:00:00.000Z", costUsd: 0.02 }); // 2026-11-01 00:00 local
    const s = computeStats(store, TZ, NOW);
    expect(s.days[0]).toMatchObject({ date: "2026-11-01", calls: 1, cost_usd: 0.02 });
    expect(s.totals.calls).toBe(1);
    expect(s.models[0]!.calls).toBe(1);
  });

  test("the window counts calendar days across a DST change", () => {
    const w = dayWindow(new Date("2026-11-02T12:00:00Z"), "America/New_York", 3);
    expect(w.dates).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    expect(Date.parse(w.readFrom)).toBeLessThan(Date.parse("2026-10-31T04:00:00Z"));
  });

  test("the cache recomputes only after a store write (or a new owner day)", () => {
    const store = memStore();
    const c = conversation(store);
    assistant(store, c.id);
    const cache = new StatsCache();
    const first = cache.get(store, TZ, NOW);
    expect(cache.get(store, TZ, NOW)).toBe(first);
    expect(cache.computed).toBe(1);
    assistant(store, c.id);
    const second = cache.get(store, TZ, NOW);
    expect(cache.computed).toBe(2);
    expect(second.totals.calls).toBe(2);
    expect(cache.get(store, TZ, new Date(NOW.getTime() + 60_000))).toBe(second);
    expect(cache.computed).toBe(2);
    const tomorrow = cache.get(store, TZ, new Date("2026-11-30T17:00:00Z"));
    expect(cache.computed).toBe(3);
    expect(tomorrow.days.at(-1)!.date).toBe("2026-12-01");
  });
});
