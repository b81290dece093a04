// Schedules created from chat by an approved schedule_create (I-18..I-21), kept here and never
// in agent.yaml. Ids start with `chat-` so they never collide with hand-written ones. Deleting
// one also deletes its job_state in the same transaction, and keeps its run history (I-21).
import { all, nowIso, one, write, writeReturning, type Store } from "./db.ts";

export interface CreatedSchedule {
  id: string;
  agentId: string;
  name: string;
  /** Exactly one of cron and every is set (I-02). */
  cron: string | null;
  every: string | null;
  prompt: string;
  approvalTtlSeconds: number | null;
  /** The conversation it was created in, null once that is deleted. */
  conversationId: string | null;
  createdAt: string;
}

export type NewSchedule = Pick<CreatedSchedule, "agentId" | "prompt"> &
  Partial<Pick<CreatedSchedule, "id" | "name" | "cron" | "every" | "approvalTtlSeconds" | "conversationId">>;

/** The scheduler's job id for a schedule (I-01). */
export const scheduleJobId = (s: Pick<CreatedSchedule, "agentId" | "id">): string => `${s.agentId}/${s.id}`;

export function createSchedule(store: Store, input: NewSchedule): CreatedSchedule {
  return writeReturning<CreatedSchedule>(
    store,
    `INSERT INTO created_schedules (id, agent_id, name, cron, every, prompt, approval_ttl_seconds,
       conversation_id, created_at)
     VALUES ($id, $agentId, $name, $cron, $every, $prompt, $ttl, $conversationId, $at)
     RETURNING ${COLUMNS}`,
    {
      id: input.id ?? `chat-${crypto.randomUUID().slice(0, 8)}`,
      agentId: input.agentId,
      name: input.name ?? "",
      cron: input.cron ?? null,
      every: input.every ?? null,
      prompt: input.prompt,
      ttl: input.approvalTtlSeconds ?? null,
      conversationId: input.conversationId ?? null,
      at: nowIso(),
    },
  )!;
}

export function getSchedule(store: Store, id: string): CreatedSchedule | null {
  return one<CreatedSchedule>(store, `SELECT ${COLUMNS} FROM created_schedules WHERE id = $id`, { id });
}

/** All chat schedules (one agent's when given), oldest first; the scheduler re-reads these each time (I-20). */
export function listSchedules(store: Store, agentId?: string): CreatedSchedule[] {
  return all<CreatedSchedule>(
    store,
    `SELECT ${COLUMNS} FROM created_schedules WHERE ($agentId IS NULL OR agent_id = $agentId)
     ORDER BY created_at, id`,
    { agentId: agentId ?? null },
  );
}

/** Deletes the schedule and its job_state together; works for orphans too. */
export function deleteSchedule(store: Store, id: string): boolean {
  return store.tx(() => {
    const schedule = getSchedule(store, id);
    if (!schedule) return false;
    write(store, "DELETE FROM job_state WHERE job_id = $jobId", { jobId: scheduleJobId(schedule) });
    return write(store, "DELETE FROM created_schedules WHERE id = $id", { id }) > 0;
  });
}

const COLUMNS = `id, agent_id AS agentId, name, cron, every, prompt,
  approval_ttl_seconds AS approvalTtlSeconds, conversation_id AS conversationId, created_at AS createdAt`;
