// The usage ledger's answer (E-04, E-13, E-14) as GET /api/stats sends it and the costs page draws it.
// Types only: src/ledger/ computes them.

/** The running sums every ledger section keeps. */
export type Sums = {
  cost_usd: number;
  unknown_cost_calls: number;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
};

/** What the purpose and agent sections keep: cost and counts, no tokens. */
export type ShortSums = Pick<Sums, "cost_usd" | "unknown_cost_calls" | "calls">;

export type Stats = {
  days: ({ date: string } & Sums)[];
  models: ({ provider: string | null; model: string | null } & Sums)[];
  purposes: ({ purpose: string } & ShortSums)[];
  agents: ({ agent_id: string | null } & ShortSums)[];
  totals: Sums;
};
