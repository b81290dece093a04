// The usage ledger behind GET /api/stats (E-04, E-13, E-14): assistant messages that carry a provider
// plus side calls, summed by owner-calendar day, model, purpose and agent. It never reads `runs`: every
// model call lands in exactly one of the two tables, so nothing is counted twice or missed. Copied fork
// messages have a NULL provider and are left out (E-10).
import { all, type Store } from "../store/db.ts";
import { DayBucketer, dayWindow } from "./days.ts";
import type { ShortSums, Stats, Sums } from "../models/stats.ts";
import { Groups, addRow, emptySums, rounded, type LedgerRow } from "./sums.ts";

export type { Stats };

/** How many owner-calendar days the ledger covers; every section sums over this window. */
export const LEDGER_DAYS = 30;

export function computeStats(store: Store, timeZone: string, now: Date = new Date(), bucketer?: DayBucketer): Stats {
  const { dates, readFrom } = dayWindow(now, timeZone, LEDGER_DAYS);
  const days = new Map(dates.map((d) => [d, emptySums()]));
  const dayOf = bucketer?.timeZone === timeZone ? bucketer : new DayBucketer(timeZone);
  const models = new Groups((r) => `${r.provider}\u0000${r.model}`, (r) => ({ provider: r.provider, model: r.model }));
  const purposes = new Groups((r) => r.purpose, (r) => ({ purpose: r.purpose }));
  const agents = new Groups((r) => r.agentId ?? "\u0000", (r) => ({ agent_id: r.agentId }));
  const totals = emptySums();

  for (const row of [...messageRows(store, readFrom), ...sideCallRows(store, readFrom)]) {
    const day = days.get(dayOf.dateOf(row.createdAt));
    if (!day) continue; // read with a spare day of margin; outside the owner's window
    addRow(day, row);
    models.add(row);
    purposes.add(row);
    agents.add(row);
    addRow(totals, row);
  }
  return {
    days: dates.map((date) => ({ date, ...rounded(days.get(date)!) })),
    models: models.list(),
    purposes: purposes.list().map(short),
    agents: agents.list().map(short),
    totals: rounded(totals),
  };
}

/**
 * E-05: the last answer, kept until the store's write counter moves. The owner's date is part of the
 * key too, so the 30-day window still slides at local midnight when nothing was written.
 */
export class StatsCache {
  private key = "";
  private value: Stats | null = null;
  private bucketer: DayBucketer | undefined;
  /** How many times the ledger was actually recomputed (for tests and logs). */
  computed = 0;

  get(store: Store, timeZone: string, now: Date = new Date()): Stats {
    if (this.bucketer?.timeZone !== timeZone) this.bucketer = new DayBucketer(timeZone);
    const key = `${store.writes()}|${timeZone}|${this.bucketer.dateOf(now.toISOString())}`;
    if (this.value && key === this.key) return this.value;
    this.value = computeStats(store, timeZone, now, this.bucketer);
    this.key = key;
    this.computed++;
    return this.value;
  }
}

const usage = (t: string) => `${t}.cost_usd AS costUsd, ${t}.input_tokens AS inputTokens,
  ${t}.output_tokens AS outputTokens, ${t}.cached_tokens AS cachedTokens,
  ${t}.reasoning_tokens AS reasoningTokens, ${t}.created_at AS createdAt`;

/** Chat completions: assistant messages with a provider (fork copies have none). */
function messageRows(store: Store, from: string): LedgerRow[] {
  return all<LedgerRow>(
    store,
    `SELECT m.provider, m.model, 'chat' AS purpose, c.agent_id AS agentId, ${usage("m")}
     FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.created_at >= $from AND m.role = 'assistant' AND m.provider IS NOT NULL`,
    { from },
  );
}

/** Calls outside the loop (E-03); the agent falls back to the conversation's when the row lacks one. */
function sideCallRows(store: Store, from: string): LedgerRow[] {
  return all<LedgerRow>(
    store,
    `SELECT s.provider, s.model, s.purpose, coalesce(s.agent_id, c.agent_id) AS agentId, ${usage("s")}
     FROM side_calls s LEFT JOIN conversations c ON c.id = s.conversation_id
     WHERE s.created_at >= $from`,
    { from },
  );
}

function short<T extends Sums>(g: T): Omit<T, Exclude<keyof Sums, keyof ShortSums>> {
  const { input_tokens, output_tokens, cached_tokens, reasoning_tokens, ...rest } = g;
  return rest;
}
