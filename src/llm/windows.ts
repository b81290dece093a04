// How many tokens a route's model reads at once (issue 20): the bound the context is kept under. Published
// context windows as of late 2025, matched like prices (src/llm/pricing.ts); a route may set its own.
import { candidates } from "./pricing.ts";
import type { Route } from "./types.ts";

/** What a model no one listed gets: small enough for most local models, so nothing is sent that won't fit. */
export const DEFAULT_WINDOW = 32_768;

const K = 1024;
const WINDOWS: Record<string, number> = {
  "gpt-4.1": 1_047_576, "gpt-4.1-mini": 1_047_576, "gpt-4.1-nano": 1_047_576,
  "gpt-4o": 128_000, "gpt-4o-mini": 128_000,
  "gpt-5": 400_000, "gpt-5-mini": 400_000, "gpt-5-nano": 400_000,
  o3: 200_000, "o4-mini": 200_000,
  "claude-sonnet-4-5": 200_000, "claude-sonnet-4": 200_000, "claude-opus-4-1": 200_000, "claude-opus-4": 200_000,
  "claude-haiku-4-5": 200_000, "claude-3-5-haiku": 200_000,
  "deepseek-chat": 128_000, "deepseek-reasoner": 128_000,
  "llama-3.3-70b-versatile": 128 * K, "llama-3.1-8b-instant": 128 * K, "gpt-oss-120b": 128 * K, "gpt-oss-20b": 128 * K,
  // The fake provider reads anything; it gets a common size so long test conversations behave like real ones.
  echo: 128_000, paid: 128_000,
};

/** The route's window: its own when set, else the table's, else DEFAULT_WINDOW. */
export function contextWindow(route: Route): number {
  if (route.contextWindow) return route.contextWindow;
  for (const name of candidates(route.model)) if (WINDOWS[name]) return WINDOWS[name]!;
  return DEFAULT_WINDOW;
}
