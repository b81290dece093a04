// Migration 1, part 2: runs and their steps, approvals, and the side-call ledger.
// Part of migration 1: never edit after release, add a migration.

export const RUN_SCHEMA = `
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL,
  -- chat | telegram | api | job:<id> | delegate:<conversation id> | memory:<...>
  source TEXT NOT NULL,
  -- no foreign key: run history outlives its conversation, and resume (C-13) must see
  -- that the conversation is gone; NULL for command/script/consolidate jobs
  conversation_id TEXT,
  job_id TEXT,
  status TEXT NOT NULL DEFAULT 'running'
    CHECK (status IN ('running', 'waiting', 'done', 'halted', 'error', 'interrupted', 'cancelled')),
  halt_reason TEXT CHECK (halt_reason IN ('budget', 'max_steps', 'loop')),
  summary TEXT,
  model TEXT,
  spent_usd REAL NOT NULL DEFAULT 0 CHECK (spent_usd >= 0),
  unknown_cost_calls INTEGER NOT NULL DEFAULT 0 CHECK (unknown_cost_calls >= 0),
  -- the conversation's last seq when the run started (J-14)
  after_seq INTEGER,
  resumed INTEGER NOT NULL DEFAULT 0 CHECK (resumed IN (0, 1)),
  started_at TEXT NOT NULL,
  ended_at TEXT,
  CHECK ((status = 'halted') = (halt_reason IS NOT NULL)),
  CHECK ((status IN ('running', 'waiting')) = (ended_at IS NULL))
);
CREATE INDEX runs_by_started ON runs (started_at DESC);
CREATE INDEX runs_by_conversation ON runs (conversation_id, started_at DESC);
CREATE INDEX runs_by_agent ON runs (agent_id, started_at DESC);
CREATE INDEX runs_by_job ON runs (job_id, started_at DESC);
CREATE INDEX runs_open ON runs (status) WHERE status IN ('running', 'waiting');

CREATE TABLE run_steps (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL
    CHECK (type IN ('model', 'tool', 'fallback', 'escalation', 'steer', 'tool_script', 'shell_run')),
  name TEXT,
  tool_call_id TEXT,
  arguments TEXT,
  result TEXT,
  status TEXT NOT NULL DEFAULT 'done'
    CHECK (status IN ('done', 'error', 'denied', 'refused', 'expired', 'cancelled', 'interrupted')),
  model TEXT,
  provider TEXT,
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  input_tokens INTEGER,
  output_tokens INTEGER,
  cached_tokens INTEGER,
  reasoning_tokens INTEGER,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  UNIQUE (run_id, seq)
);

CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  run_id TEXT REFERENCES runs(id),
  tool_call_id TEXT NOT NULL,
  tool TEXT NOT NULL,
  arguments TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(arguments)),
  -- the ask reason shown verbatim (D-14); for a question, the question text
  reason TEXT,
  kind TEXT NOT NULL DEFAULT 'approval' CHECK (kind IN ('approval', 'question')),
  options TEXT CHECK (options IS NULL OR json_valid(options)),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'denied', 'expired', 'answered')),
  answer TEXT,
  always INTEGER NOT NULL DEFAULT 0 CHECK (always IN (0, 1)),
  created_at TEXT NOT NULL,
  deadline_at TEXT NOT NULL,
  decided_at TEXT,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'answered' OR kind = 'question'),
  CHECK (status <> 'approved' OR kind = 'approval')
);
CREATE INDEX approvals_by_status ON approvals (status, deadline_at);
CREATE INDEX approvals_by_conversation ON approvals (conversation_id, status);
CREATE INDEX approvals_by_created ON approvals (created_at DESC);

-- Model calls outside the turn loop (E-03). Metrics only: there is deliberately no
-- prompt or output column (N-10).
CREATE TABLE side_calls (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (length(purpose) > 0),
  provider TEXT,
  model TEXT,
  cost_usd REAL CHECK (cost_usd IS NULL OR cost_usd >= 0),
  input_tokens INTEGER,
  output_tokens INTEGER,
  cached_tokens INTEGER,
  reasoning_tokens INTEGER,
  conversation_id TEXT,
  run_id TEXT,
  agent_id TEXT,
  duration_ms INTEGER CHECK (duration_ms IS NULL OR duration_ms >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX side_calls_by_created ON side_calls (created_at);
`;
