// One ledger row (an assistant message or a side call) and the running sums every ledger section
// keeps. A NULL cost is an unknown price: counted in unknown_cost_calls, never added as 0 (E-01).
import type { Sums } from "../models/stats.ts";

export type LedgerRow = {
  provider: string | null;
  model: string | null;
  purpose: string;
  agentId: string | null;
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  reasoningTokens: number | null;
  createdAt: string;
};

export function emptySums(): Sums {
  return {
    cost_usd: 0, unknown_cost_calls: 0, calls: 0,
    input_tokens: 0, output_tokens: 0, cached_tokens: 0, reasoning_tokens: 0,
  };
}

export function addRow(s: Sums, r: LedgerRow): void {
  s.calls++;
  if (r.costUsd === null) s.unknown_cost_calls++;
  else s.cost_usd += r.costUsd;
  s.input_tokens += r.inputTokens ?? 0;
  s.output_tokens += r.outputTokens ?? 0;
  s.cached_tokens += r.cachedTokens ?? 0;
  s.reasoning_tokens += r.reasoningTokens ?? 0;
}

/** Sums grouped by a key; `label` turns the first row of a group into its identifying fields. */
export class Groups<L extends object> {
  private map = new Map<string, { label: L; sums: Sums }>();

  constructor(private readonly keyOf: (r: LedgerRow) => string, private readonly label: (r: LedgerRow) => L) {}

  add(r: LedgerRow): void {
    const key = this.keyOf(r);
    let g = this.map.get(key);
    if (!g) this.map.set(key, (g = { label: this.label(r), sums: emptySums() }));
    addRow(g.sums, r);
  }

  /** Biggest spend first, then most calls: the order a costs table reads best in. */
  list(): (L & Sums)[] {
    return [...this.map.values()]
      .map((g) => ({ ...g.label, ...rounded(g.sums) }))
      .sort((a, b) => b.cost_usd - a.cost_usd || b.calls - a.calls);
  }
}

/** Float sums drift (0.1 + 0.2); a ledger shows at most nanodollars. */
export function rounded(s: Sums): Sums {
  return { ...s, cost_usd: Math.round(s.cost_usd * 1e9) / 1e9 };
}
