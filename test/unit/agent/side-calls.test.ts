import { describe, expect, test } from "bun:test";
import { toolSummariser } from "../../../src/agent/summarise.ts";
import { limitOutput, shortenError, truncate } from "../../../src/agent/tool-output.ts";
import { sideCall, type LedgerRow } from "../../../src/llm/metered.ts";
import { getConversation } from "../../../src/store/conversations.ts";
import { harness, route } from "./harness.ts";

const ask = { purpose: "title", system: "Name it.", messages: [{ role: "user" as const, content: "secret prompt text" }] };

describe("metered side calls", () => {
  test("one ledger row with purpose and figures, never the prompt", async () => {
    const rows: LedgerRow[] = [];
    const r = route([{ text: "A title", usage: { inputTokens: 12, outputTokens: 3, costUsd: 0.001 } }]);
    const result = await sideCall([r], ask, (row) => rows.push(row), { sleep: async () => {} });
    expect(result).toEqual({ ok: true, text: "A title", costUsd: 0.001 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: "title", provider: "scripted", model: "model-a", costUsd: 0.001, inputTokens: 12, outputTokens: 3 });
    expect(JSON.stringify(rows)).not.toContain("secret prompt");
  });

  test("an attempt abandoned after its first chunk is still recorded, with unknown cost", async () => {
    const rows: LedgerRow[] = [];
    const r = route([{ thinking: "x", error: { message: "HTTP 503", transient: true } }, { text: "ok", usage: { costUsd: 0.002 } }]);
    const result = await sideCall([r], ask, (row) => rows.push(row), { sleep: async () => {} });
    expect(result.ok).toBe(true);
    expect(rows.map((x) => x.costUsd)).toEqual([null, 0.002]);
  });

  test("a call that fails before streaming anything leaves no row and reports failure", async () => {
    const rows: LedgerRow[] = [];
    const result = await sideCall([route([{ error: { message: "HTTP 401", status: 401 } }])], ask, (row) => rows.push(row));
    expect(result.ok).toBe(false);
    expect(rows).toEqual([]);
  });
});

describe("tool output limit", () => {
  test("under the limit is untouched; over it without a summariser is truncated with the full length stated", async () => {
    expect(await limitOutput("short", 100)).toBe("short");
    const long = "x".repeat(5000);
    const out = await limitOutput(long, 1000);
    expect(out.length).toBeLessThan(1100);
    expect(out).toContain("the full output was 5000 characters");
    expect(truncate("abcdefghij".repeat(100), 100)).toStartWith("abcdefghij");
  });

  test("a used summary is charged to the run and conversation; an empty one only to the ledger", async () => {
    const h = harness();
    const rows: LedgerRow[] = [];
    const charged: (number | null)[] = [];
    const good = toolSummariser([route([{ text: "the gist", usage: { costUsd: 0.01 } }])], (r) => rows.push(r), (c) => charged.push(c));
    expect(await limitOutput("y".repeat(3000), 1000, good)).toBe("[Output of 3000 characters, summarised]\nthe gist");
    const empty = toolSummariser([route([{ text: "   ", usage: { costUsd: 0.02 } }])], (r) => rows.push(r), (c) => charged.push(c));
    const out = await limitOutput("z".repeat(3000), 1000, empty);
    expect(out).toContain("the full output was 3000 characters");
    expect(rows.map((r) => [r.purpose, r.costUsd])).toEqual([["tool_summary", 0.01], ["tool_summary", 0.02]]);
    expect(charged).toEqual([0.01]);
    expect(getConversation(h.store, h.conv.id)!.spentUsd).toBe(0);
  });

  test("a failed step's text is kept as 200 chars + … + 400 chars", () => {
    const text = `${"a".repeat(300)}${"b".repeat(500)}`;
    const s = shortenError(text);
    expect(s).toBe(`${"a".repeat(200)}…${"b".repeat(400)}`);
    expect(shortenError("short")).toBe("short");
  });
});
