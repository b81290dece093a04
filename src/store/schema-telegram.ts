// Migration 6: the Telegram update ledger (telegram-updates.ts reads and writes it, exactly once).

export const TELEGRAM_UPDATES_SCHEMA = `
CREATE TABLE telegram_updates (
  bot_id INTEGER NOT NULL,
  update_id INTEGER NOT NULL,
  -- how many times handling began; a third beginning skips the update instead
  attempts INTEGER NOT NULL DEFAULT 0,
  -- 1 once accepted: in the transaction that stores or queues its message, or once answered
  handled INTEGER NOT NULL DEFAULT 0 CHECK (handled IN (0, 1)),
  -- the update's JSON while Telegram no longer has it and it is not handled yet (an album re-poll)
  held TEXT,
  seen_at TEXT NOT NULL,
  PRIMARY KEY (bot_id, update_id)
);
`;
