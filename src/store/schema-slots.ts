// Migration 3: the slot ledger (issue 13). Every due slot of a job is recorded as ran, skipped or missed,
// so a slot never passes without a trace; job-slots.ts keeps the newest 100 per job.

export const SLOT_SCHEMA = `
CREATE TABLE job_slots (
  id INTEGER PRIMARY KEY,
  -- <agent_id>/<schedule_id>, as job_state
  job_id TEXT NOT NULL,
  due_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('ran', 'skipped', 'missed')),
  -- the run a 'ran' slot started; null until the run is known
  run_id TEXT,
  reason TEXT CHECK (reason IN ('paused', 'changed', 'not_yet', 'down', 'busy')),
  CHECK ((outcome = 'ran') = (reason IS NULL)),
  CHECK (run_id IS NULL OR outcome = 'ran')
);
CREATE INDEX job_slots_by_job ON job_slots (job_id, due_at DESC, id DESC);
`;
