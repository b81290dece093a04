// The Telegram update ledger (migration 6, exactly once): per bot, which update ids were handled, how
// often handling began (a poison update is tried at most twice), and the updates Telegram already
// confirmed but we did not yet handle (held while an album re-polls). docs/telegram.md tells the design.
// The table is in schema-telegram.ts.
import type { TgUpdate } from "../telegram/types.ts";
import { all, nowIso, write, type Store } from "./db.ts";

/** How long rows of a bot no longer polled are kept (Telegram itself keeps updates for 24 hours). */
const KEEP_DAYS = 7;

const upsert = (set: string) =>
  `INSERT INTO telegram_updates (bot_id, update_id, attempts, handled, held, seen_at)
   VALUES ($bot, $id, $attempts, $handled, $held, $now)
   ON CONFLICT (bot_id, update_id) DO UPDATE SET ${set}`;

/** The ids among `ids` already handled for `botId`. */
export function handledAmong(store: Store, botId: number, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const rows = all<{ id: number }>(
    store,
    `SELECT update_id AS id FROM telegram_updates WHERE bot_id = $bot AND handled = 1
     AND update_id BETWEEN $lo AND $hi`,
    { bot: botId, lo: Math.min(...ids), hi: Math.max(...ids) },
  );
  const wanted = new Set(ids);
  return new Set(rows.map((r) => r.id).filter((id) => wanted.has(id)));
}

/** Counts one more beginning of handling for each id; returns the highest count among them. */
export function beginAttempt(store: Store, botId: number, ids: number[]): number {
  return store.tx(() => {
    let most = 0;
    for (const id of ids) {
      write(store, upsert("attempts = attempts + 1"), {
        bot: botId, id, attempts: 1, handled: 0, held: null, now: nowIso(),
      });
      const row = all<{ n: number }>(
        store, "SELECT attempts AS n FROM telegram_updates WHERE bot_id = $bot AND update_id = $id", { bot: botId, id },
      )[0];
      most = Math.max(most, row?.n ?? 0);
    }
    return most;
  });
}

/** Records `ids` as handled. Called inside the transaction that accepts the message (send's `mark`). */
export function markHandled(store: Store, botId: number, ids: number[]): void {
  for (const id of ids) {
    write(store, upsert("handled = 1, held = NULL"), {
      bot: botId, id, attempts: 0, handled: 1, held: null, now: nowIso(),
    });
  }
}

/** Keeps the JSON of unhandled `updates` before a poll confirms them at Telegram (an album re-poll). */
export function holdUpdates(store: Store, botId: number, updates: TgUpdate[]): void {
  store.tx(() => {
    for (const u of updates) {
      write(store, upsert("held = CASE WHEN handled = 1 THEN NULL ELSE excluded.held END"), {
        bot: botId, id: u.update_id, attempts: 0, handled: 0, held: JSON.stringify(u), now: nowIso(),
      });
    }
  });
}

/** The held updates of `botId` still unhandled, in order: what a crash mid-album left. */
export function heldUpdates(store: Store, botId: number): TgUpdate[] {
  return all<{ held: string }>(
    store,
    `SELECT held FROM telegram_updates WHERE bot_id = $bot AND handled = 0 AND held IS NOT NULL
     ORDER BY update_id`,
    { bot: botId },
  ).map((r) => JSON.parse(r.held) as TgUpdate);
}

/**
 * Keeps the ledger small: rows below `confirmedBelow` (Telegram will never send them again) unless still
 * held, and rows of any bot older than a week.
 */
export function pruneUpdates(store: Store, botId: number, confirmedBelow: number): void {
  const cutoff = new Date(Date.now() - KEEP_DAYS * 86_400_000).toISOString();
  write(
    store,
    `DELETE FROM telegram_updates WHERE (bot_id = $bot AND update_id < $below AND (handled = 1 OR held IS NULL))
     OR seen_at < $cutoff`,
    { bot: botId, below: confirmedBelow, cutoff },
  );
}
