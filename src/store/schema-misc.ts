// Migration 1, part 3: canvases, the script store, scheduler state, chat-created
// schedules and memory proposals. Part of migration 1: never edit after release.

export const MISC_SCHEMA = `
CREATE TABLE canvases (
  id TEXT PRIMARY KEY,
  conversation_id TEXT REFERENCES conversations(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('markdown', 'html', 'mermaid', 'svg', 'image')),
  -- always the highest version in canvas_versions (kept by canvases.ts)
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX canvases_by_conversation ON canvases (conversation_id, updated_at DESC);

CREATE TABLE canvas_versions (
  canvas_id TEXT NOT NULL REFERENCES canvases(id) ON DELETE CASCADE,
  version INTEGER NOT NULL CHECK (version >= 1),
  content TEXT NOT NULL,
  author TEXT NOT NULL CHECK (author IN ('agent', 'user')),
  run_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (canvas_id, version)
) WITHOUT ROWID;

-- Script store(key, value) (H-40, H-41): the server picks the namespace, the script the key.
CREATE TABLE script_store (
  agent_id TEXT NOT NULL,
  namespace TEXT NOT NULL
    CHECK (substr(namespace, 1, 5) = 'conv:' OR substr(namespace, 1, 4) = 'job:'),
  key TEXT NOT NULL CHECK (length(key) > 0),
  value_json TEXT NOT NULL CHECK (json_valid(value_json)),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (agent_id, namespace, key)
) WITHOUT ROWID;
CREATE INDEX script_store_by_namespace ON script_store (namespace);

-- Per-job runtime state (I-10, I-15, I-33); job_id = <agent_id>/<schedule_id>.
CREATE TABLE job_state (
  job_id TEXT PRIMARY KEY,
  paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
  last_run_at TEXT,
  last_run_id TEXT,
  -- the cron/every text the last-run mark belongs to, to spot timing edits (I-15)
  timing TEXT,
  fail_count INTEGER NOT NULL DEFAULT 0 CHECK (fail_count >= 0),
  streak_since TEXT,
  told_at TEXT,
  updated_at TEXT NOT NULL,
  CHECK ((fail_count = 0) = (streak_since IS NULL)),
  CHECK (told_at IS NULL OR fail_count > 0)
) WITHOUT ROWID;

-- Schedules proposed by schedule_create and approved by a human (I-18, I-19).
CREATE TABLE created_schedules (
  id TEXT PRIMARY KEY CHECK (substr(id, 1, 5) = 'chat-' AND length(id) > 5),
  agent_id TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  cron TEXT,
  every TEXT,
  prompt TEXT NOT NULL CHECK (length(prompt) > 0),
  approval_ttl_seconds INTEGER CHECK (approval_ttl_seconds IS NULL OR approval_ttl_seconds > 0),
  conversation_id TEXT REFERENCES conversations(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  CHECK ((cron IS NULL) <> (every IS NULL))
);
CREATE INDEX created_schedules_by_agent ON created_schedules (agent_id);

-- Memory writes from unattended jobs and consolidation, waiting for the owner (G-03, G-04).
CREATE TABLE memory_proposals (
  id INTEGER PRIMARY KEY,
  agent_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('user', 'agent')),
  path TEXT NOT NULL,
  -- the text the proposal replaces, so accepting can always be rolled back
  old_text TEXT NOT NULL DEFAULT '',
  new_text TEXT NOT NULL,
  reason TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  run_id TEXT,
  source TEXT,
  created_at TEXT NOT NULL,
  decided_at TEXT,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX memory_proposals_by_status ON memory_proposals (status, created_at DESC);
`;
