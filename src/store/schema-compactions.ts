// Migration 7: context compactions (compactions.ts reads and writes them; docs/context.md).

export const COMPACTION_SCHEMA = `
CREATE TABLE compactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- the last message the summary replaces; the model reads the messages after it
  upto_seq INTEGER NOT NULL,
  -- the user turns the summary covers, from the start of the conversation
  turns INTEGER NOT NULL,
  -- the conversation's last seq when it was made: usage reported by calls up to there predates it
  last_seq INTEGER NOT NULL,
  summary TEXT NOT NULL,
  run_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX compactions_by_conversation ON compactions (conversation_id, upto_seq);
`;
