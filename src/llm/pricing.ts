// The price of one model call (A-21, E): the provider's own figure when it reports one, else tokens ×
// the embedded list price, else null. Unknown is never 0 (it is counted apart); only providers that
// are free by declaration (ollama, fake) cost 0 without a price.
import type { Usage } from "./types.ts";

/** USD per 1M tokens. */
export type Price = { input: number; cachedInput: number; output: number };

const p = (input: number, cachedInput: number, output: number): Price => ({ input, cachedInput, output });

// Published list prices as of October 2025 (approximate; a reported cost always wins). Anthropic's
// cache writes (1.25× input) are billed here at the plain input price.
const PRICES: Record<string, Price> = {
  "gpt-4.1": p(2, 0.5, 8),
  "gpt-4.1-mini": p(0.4, 0.1, 1.6),
  "gpt-4.1-nano": p(0.1, 0.025, 0.4),
  "gpt-4o": p(2.5, 1.25, 10),
  "gpt-4o-mini": p(0.15, 0.075, 0.6),
  "gpt-5": p(1.25, 0.125, 10),
  "gpt-5-mini": p(0.25, 0.025, 2),
  "gpt-5-nano": p(0.05, 0.005, 0.4),
  o3: p(2, 0.5, 8),
  "o4-mini": p(1.1, 0.275, 4.4),
  "claude-sonnet-4-5": p(3, 0.3, 15),
  "claude-sonnet-4": p(3, 0.3, 15),
  "claude-opus-4-1": p(15, 1.5, 75),
  "claude-opus-4": p(15, 1.5, 75),
  "claude-haiku-4-5": p(1, 0.1, 5),
  "claude-3-5-haiku": p(0.8, 0.08, 4),
  "deepseek-chat": p(0.28, 0.028, 0.42),
  "deepseek-reasoner": p(0.28, 0.028, 0.42),
};

// Open models cost what their host charges, so these apply only on that provider.
const HOST_PRICES: Record<string, Record<string, Price>> = {
  groq: {
    "llama-3.3-70b-versatile": p(0.59, 0.59, 0.79),
    "llama-3.1-8b-instant": p(0.05, 0.05, 0.08),
    "gpt-oss-120b": p(0.15, 0.075, 0.75),
    "gpt-oss-20b": p(0.1, 0.05, 0.5),
  },
};

/**
 * USD for one call, or null when unknown. Cached input tokens are part of the input count and billed
 * at the cached price; reasoning tokens are part of the output count, so they are not added again.
 */
export function costOf(
  providerName: string,
  model: string,
  usage: Usage | null | undefined,
  free?: boolean,
): number | null {
  if (typeof usage?.costUsd === "number" && Number.isFinite(usage.costUsd)) return usage.costUsd;
  if (free) return 0;
  // OpenRouter's ":free" variants are free by their name.
  if (/:free$/i.test(model)) return 0;
  const price = priceOf(providerName, model);
  if (!price || !usage || usage.inputTokens === null || usage.outputTokens === null) return null;
  const cached = Math.min(Math.max(usage.cachedTokens ?? 0, 0), usage.inputTokens);
  const fresh = usage.inputTokens - cached;
  return (fresh * price.input + cached * price.cachedInput + usage.outputTokens * price.output) / 1_000_000;
}

/** The table entry for a model, tolerant of `vendor/model`, `:variant`, dated and `-latest` suffixes. */
export function priceOf(providerName: string, model: string): Price | null {
  const tables = [HOST_PRICES[providerName.toLowerCase()] ?? {}, PRICES];
  for (const name of candidates(model)) {
    for (const table of tables) {
      const found = table[name];
      if (found) return found;
    }
  }
  return null;
}

/** The names a model is looked up by in a table: bare, undated, and with dots as dashes. */
export function candidates(model: string): string[] {
  const bare = model.toLowerCase().split("/").pop()!.split(":")[0]!;
  const undated = bare.replace(/-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/, "");
  // OpenRouter writes claude-sonnet-4.5 where Anthropic writes claude-sonnet-4-5.
  const dashed = [bare, undated].map((n) => n.replace(/(\d)\.(\d)/g, "$1-$2"));
  return [...new Set([bare, undated, ...dashed])];
}
