// The job table (I-01, I-13, I-20): profile jobs built from the running crew's profiles (each `schedules`
// row, disabled ones included, and `memory_consolidate`), and chat jobs rebuilt from created_schedules.
import { MASTER, type AgentProfile } from "../config/agent-schema.ts";
import type { Store } from "../store/db.ts";
import { getSchedule, listSchedules, scheduleJobId, type CreatedSchedule } from "../store/schedules.ts";
import type { Crew } from "../turns/crew.ts";
import type { Job } from "./types.ts";

/** Kinds the clock can run today; the others are recorded `skipped` `not_yet` and refused by run now. */
export const RUNNABLE: ReadonlySet<string> = new Set(["prompt", "command", "script", "consolidate"]);

/** The schedule id of an agent's memory_consolidate job: `<agent>/memory_consolidate`. */
export const CONSOLIDATE_ID = "memory_consolidate";

/** Profile jobs: the master's first, then members by id; each agent's rows in file order. */
export function profileJobs(crew: Crew): Job[] {
  const ids = [...crew.profiles.keys()].sort((a, b) => (a === MASTER ? -1 : b === MASTER ? 1 : a < b ? -1 : 1));
  return ids.flatMap((id) => agentJobs(id, crew.profiles.get(id)!));
}

function agentJobs(agentId: string, profile: AgentProfile): Job[] {
  const rows: Job[] = profile.schedules.map((s) => {
    const kind = s.prompt ? "prompt" : s.command ? "command" : "script";
    return {
      id: `${agentId}/${s.id}`,
      agentId,
      scheduleId: s.id,
      name: s.name ?? s.id,
      origin: "profile",
      kind,
      cron: s.cron ?? null,
      every: s.every ?? null,
      enabled: s.enabled,
      body: s.prompt ?? s.command ?? s.script ?? null,
      thenPrompt: s.then_prompt ?? null,
      approvalTtlSeconds: s.approval_ttl_seconds ?? null,
    };
  });
  // A hand-written row with the same id keeps it: the file's explicit row wins (docs/jobs.md).
  if (profile.memory_consolidate && !rows.some((r) => r.scheduleId === CONSOLIDATE_ID)) {
    rows.push({
      id: `${agentId}/${CONSOLIDATE_ID}`,
      agentId,
      scheduleId: CONSOLIDATE_ID,
      name: CONSOLIDATE_ID,
      origin: "profile",
      kind: "consolidate",
      cron: profile.memory_consolidate,
      every: null,
      enabled: true,
      body: null,
      thenPrompt: null,
      approvalTtlSeconds: null,
    });
  }
  return rows;
}

/**
 * Chat jobs, read from the store every time (I-20), oldest first. One whose agent left the crew (an orphan)
 * is listed so it can be deleted, with enabled false: it is never on the clock.
 */
export function chatJobs(store: Store, crew: Crew): Job[] {
  return listSchedules(store).map((s) => chatJob(s, crew));
}

/** One chat job by its id, read from the store (I-20); null when there is no such schedule. */
export function findChatJob(store: Store, crew: Crew, id: string): Job | null {
  const scheduleId = id.slice(id.indexOf("/") + 1);
  if (!scheduleId.startsWith("chat-")) return null;
  const s = getSchedule(store, scheduleId);
  return s && scheduleJobId(s) === id ? chatJob(s, crew) : null;
}

function chatJob(s: CreatedSchedule, crew: Crew): Job {
  return {
    id: scheduleJobId(s),
    agentId: s.agentId,
    scheduleId: s.id,
    name: s.name || s.id,
    origin: "chat",
    kind: "prompt",
    cron: s.cron,
    every: s.every,
    enabled: crew.agents.has(s.agentId),
    body: s.prompt,
    thenPrompt: null,
    approvalTtlSeconds: s.approvalTtlSeconds,
  };
}

/** Same definition: what it does and when (used by the mid-tick rule, I-17). */
export function sameJob(a: Job, b: Job): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The display name of a job's agent: its `name`, else its id. */
export function agentName(crew: Crew, agentId: string): string {
  return crew.agents.get(agentId)?.name ?? crew.profiles.get(agentId)?.name ?? agentId;
}
