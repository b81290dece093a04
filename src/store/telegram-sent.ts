// The chat's outbox record (issue 14, exactly once): one row per text chunk or file Telegram accepted,
// keyed by what it belongs to (a run id) and its place in that reply. A reply rebuilt after a restart or
// a decision skips every piece already recorded, so nothing the owner has read arrives twice.
import { all, one, write, type Store } from "./db.ts";

/** Migration 4. */
export const TELEGRAM_SENT_SCHEMA = `
CREATE TABLE telegram_sent (
  -- a run id (a turn's reply, a job's delivery) or another stable key of one message
  key TEXT NOT NULL,
  -- the piece's place in that reply; a digest of its text or file tells two versions apart
  idx INTEGER NOT NULL,
  digest TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (key, idx, digest)
);
`;

export type SentPiece = { key: string; idx: number; digest: string };

/** Records a piece once Telegram accepted it; recording it again changes nothing. */
export function recordSent(store: Store, p: SentPiece): void {
  write(store, `INSERT OR IGNORE INTO telegram_sent (key, idx, digest, sent_at) VALUES ($key, $idx, $digest, $at)`, {
    ...p, at: new Date().toISOString(),
  });
}

export function wasSent(store: Store, p: SentPiece): boolean {
  const sql = "SELECT 1 AS x FROM telegram_sent WHERE key = $key AND idx = $idx AND digest = $digest";
  return one(store, sql, p) !== null;
}

/** The places of a reply already sent under `key`, whatever their content was then. */
export function sentPlaces(store: Store, key: string): Set<number> {
  const rows = all<{ idx: number }>(store, "SELECT idx FROM telegram_sent WHERE key = $key", { key });
  return new Set(rows.map((r) => r.idx));
}

/** A short, stable digest of a piece's content. */
export function digestOf(content: string): string {
  return new Bun.CryptoHasher("sha256").update(content).digest("hex").slice(0, 32);
}
