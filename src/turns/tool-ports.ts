// What a turn's tools reach through ToolContext besides the workspace: where an approved schedule_create is
// stored (I-19) and the memory book (G-01…G-03), built over the store that tools/ may not import.
import { memoryBook } from "../memory/book.ts";
import type { Store } from "../store/db.ts";
import { createSchedule } from "../store/schedules.ts";
import type { ScheduleBook } from "../tools/schedule-create.ts";
import type { MemoryBook } from "../tools/memory-book.ts";
import type { Crew } from "./crew.ts";

export function toolPorts(
  store: Store,
  crew: Pick<Crew, "memory" | "timezone">,
  agentId: string,
  run: { id: string },
  source: string,
): { schedules: ScheduleBook; memory: MemoryBook } {
  return {
    schedules: { create: (s) => createSchedule(store, s) },
    memory: memoryBook({ store, files: crew.memory, timezone: crew.timezone, agentId, runId: run.id, source }),
  };
}
