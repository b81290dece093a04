// Cost of one call (A-21, E): the provider's figure wins, else tokens x the embedded table, else null
// (never 0); free providers cost 0.
import { describe, expect, test } from "bun:test";
import { costOf, priceOf } from "../../../src/llm/pricing.ts";
import type { Usage } from "../../../src/llm/types.ts";

const usage = (over: Partial<Usage> = {}): Usage => ({
  inputTokens: 1_000_000,
  outputTokens: 1_000_000,
  cachedTokens: null,
  reasoningTokens: null,
  ...over,
});

describe("costOf", () => {
  test("a provider-reported cost wins over the table, even for a known model", () => {
    expect(costOf("openrouter", "openai/gpt-4.1", usage({ costUsd: 0.0123 }))).toBe(0.0123);
    expect(costOf("openrouter", "some/unknown-model", usage({ costUsd: 0 }))).toBe(0);
  });

  test("tokens x table price: gpt-4.1 is $2 in / $8 out per 1M", () => {
    expect(costOf("openai", "gpt-4.1", usage({ inputTokens: 500_000, outputTokens: 250_000 }))).toBeCloseTo(1 + 2, 10);
  });

  test("cached input tokens are billed at the cached price, the rest at the input price", () => {
    // claude-sonnet-4-5: $3 in, $0.30 cached, $15 out.
    const cost = costOf("anthropic", "claude-sonnet-4-5", usage({ inputTokens: 1_000_000, cachedTokens: 800_000, outputTokens: 0 }));
    expect(cost).toBeCloseTo(0.2 * 3 + 0.8 * 0.3, 10);
  });

  test("reasoning tokens are already in the output count and are not added again", () => {
    const plain = costOf("openai", "o4-mini", usage({ outputTokens: 1000 }));
    expect(costOf("openai", "o4-mini", usage({ outputTokens: 1000, reasoningTokens: 900 }))).toBe(plain);
  });

  test("an unknown model, or unknown token counts, cost null, never 0", () => {
    expect(costOf("openai", "gpt-unknown-9", usage())).toBeNull();
    expect(costOf("openai", "gpt-4.1", usage({ inputTokens: null }))).toBeNull();
    expect(costOf("openai", "gpt-4.1", null)).toBeNull();
  });

  test("a free provider costs 0 without any price; a reported cost still wins", () => {
    expect(costOf("ollama", "llama3.2:3b", usage(), true)).toBe(0);
    expect(costOf("ollama", "llama3.2:3b", null, true)).toBe(0);
    expect(costOf("ollama", "llama3.2:3b", usage({ costUsd: 0.5 }), true)).toBe(0.5);
  });

  test("OpenRouter :free variants cost 0", () => {
    expect(costOf("openrouter", "deepseek/deepseek-chat:free", usage())).toBe(0);
  });
});

describe("priceOf", () => {
  test("tolerates vendor prefixes, dated suffixes and OpenRouter's dotted Claude names", () => {
    const sonnet = priceOf("anthropic", "claude-sonnet-4-5");
    expect(sonnet).not.toBeNull();
    expect(priceOf("anthropic", "claude-sonnet-4-5-20250929")).toEqual(sonnet!);
    expect(priceOf("openrouter", "anthropic/claude-sonnet-4.5")).toEqual(sonnet!);
    expect(priceOf("openai", "gpt-4.1-mini-2025-04-14")).toEqual(priceOf("openai", "gpt-4.1-mini")!);
    expect(priceOf("openai", "GPT-4o")).toEqual(priceOf("openai", "gpt-4o")!);
    expect(priceOf("openai", "gpt-4.1")).not.toEqual(priceOf("openai", "gpt-4.1-mini")!);
  });

  test("host-priced open models apply only on their host", () => {
    expect(priceOf("groq", "llama-3.3-70b-versatile")).not.toBeNull();
    expect(priceOf("groq", "openai/gpt-oss-120b")).not.toBeNull();
    expect(priceOf("openrouter", "openai/gpt-oss-120b")).toBeNull();
  });
});
