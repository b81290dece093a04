// What the memory tools (memory_save, memory_read, memory_search) ask of the server: the turn host builds one
// per turn (src/memory/book.ts) over the agent's memory files and the proposals store, which tools/ cannot see.

/** user: facts about the owner, read by every agent; agent: the calling agent's notes on its own work (G-01). */
export type MemoryScopeArg = "user" | "agent";

/** A save from an interactive turn is written at once (G-02); from an unattended job it becomes a proposal (G-03). */
export type SaveOutcome = { kind: "saved"; path: string } | { kind: "proposed"; id: number };

export type MemoryHit = { path: string; line: string };

export interface MemoryBook {
  save(scope: MemoryScopeArg, text: string): Promise<SaveOutcome>;
  /** The main file (date null) or one day's notes, with the dates that have notes, newest last. */
  read(scope: MemoryScopeArg, date: string | null): Promise<{ path: string; text: string; dates: string[] }>;
  /** The best matching lines of both scopes (or one), folded like search (case, diacritics, the barred d). */
  search(query: string, scope: MemoryScopeArg | null): Promise<MemoryHit[]>;
}

/** The book of a turn, or an error the model reads: a turn built without memory cannot use these tools. */
export function bookOf(ctx: { memory?: MemoryBook }): MemoryBook {
  if (!ctx.memory) throw new Error("memory is not available in this turn");
  return ctx.memory;
}
