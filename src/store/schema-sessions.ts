// Migration 2: LAN login sessions (issue 9). Only a SHA-256 of each cookie token is kept, so a
// copy of the database logs no one in. Never edit after release.

export const SESSION_SCHEMA = `
CREATE TABLE sessions (
  token_sha256 TEXT PRIMARY KEY CHECK (length(token_sha256) = 64),
  created_at TEXT NOT NULL,
  -- moved at most once a minute by use; a session idle for 30 days is gone
  last_seen_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_last_seen ON sessions (last_seen_at);
`;
