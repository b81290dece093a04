// Migration 1, part 1: conversations and everything that hangs off one (messages,
// request ids, the queue). Part of migration 1: never edit after release, add a migration.

export const CONVERSATION_SCHEMA = `
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  -- web | api | api:<relay> | telegram:<chat id>; the day's channel conversation is looked up by it (K-20)
  channel TEXT NOT NULL DEFAULT 'web',
  -- chat | telegram | api | job:<id> | delegate:<parent conversation id>
  source TEXT NOT NULL DEFAULT 'chat',
  -- the delegating conversation of a child (F-11); children are not listed in the sidebar
  parent_id TEXT REFERENCES conversations(id) ON DELETE SET NULL,
  -- deleting the origin only clears this on its branches (K-12)
  forked_from TEXT REFERENCES conversations(id) ON DELETE SET NULL,
  summary TEXT,
  spent_usd REAL NOT NULL DEFAULT 0 CHECK (spent_usd >= 0),
  -- the part of spent_usd that delegated children spent (E-11)
  delegated_usd REAL NOT NULL DEFAULT 0 CHECK (delegated_usd >= 0),
  unknown_cost_calls INTEGER NOT NULL DEFAULT 0 CHECK (unknown_cost_calls >= 0),
  cost_cap_usd REAL NOT NULL DEFAULT 1 CHECK (cost_cap_usd >= 0),
  autonomous INTEGER NOT NULL DEFAULT 0 CHECK (autonomous IN (0, 1)),
  auto_approve TEXT NOT NULL DEFAULT '[]'
    CHECK (CASE WHEN json_valid(auto_approve) THEN json_type(auto_approve) = 'array' ELSE 0 END),
  approval_ttl_seconds INTEGER NOT NULL DEFAULT 600 CHECK (approval_ttl_seconds > 0),
  skills TEXT NOT NULL DEFAULT '[]'
    CHECK (CASE WHEN json_valid(skills) THEN json_type(skills) = 'array' ELSE 0 END),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX conversations_by_agent_updated ON conversations (agent_id, updated_at DESC);
CREATE INDEX conversations_by_updated ON conversations (updated_at DESC);
CREATE INDEX conversations_by_channel ON conversations (channel, created_at DESC);
CREATE INDEX conversations_by_parent ON conversations (parent_id);
CREATE INDEX conversations_by_fork ON conversations (forked_from);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
  content TEXT NOT NULL DEFAULT '',
  tool_calls TEXT CHECK (tool_calls IS NULL OR json_valid(tool_calls)),
  tool_call_id TEXT,
  name TEXT,
  model TEXT,
  provider TEXT,
  -- NULL means the price is unknown, never free (E-01)
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  input_tokens INTEGER,
  output_tokens INTEGER,
  cached_tokens INTEGER,
  reasoning_tokens INTEGER,
  -- memory/canvas block stored with the message at INSERT and never edited (G-05, G-06, H-63)
  block TEXT,
  source TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, seq)
);
CREATE INDEX messages_by_created ON messages (created_at);

-- Messages are append-only (K-02); messages_fts relies on it and has no UPDATE trigger.
CREATE TRIGGER messages_append_only BEFORE UPDATE ON messages
BEGIN
  SELECT RAISE(ABORT, 'messages are append-only');
END;

CREATE TABLE message_requests (
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  request_id TEXT NOT NULL CHECK (length(request_id) BETWEEN 1 AND 64),
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (conversation_id, request_id)
) WITHOUT ROWID;

CREATE TABLE queued_messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('follow_up', 'steer')),
  text TEXT NOT NULL,
  source TEXT NOT NULL,
  request_id TEXT CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 64),
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, request_id)
);
CREATE INDEX queued_by_conversation ON queued_messages (conversation_id, id);
`;
