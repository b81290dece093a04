// A turn's MemoryBook (the port the memory tools use): saves go to today's notes of a scope in the owner's
// calendar, at once when someone is there (G-02) and as a proposal when the turn is a job's (G-03); reads
// and searches see the owner's facts and the calling agent's own memory, never another agent's (G-01).
import { localDate, ownerMinute } from "../config/owner-time.ts";
import type { Store } from "../store/db.ts";
import { proposeMemory } from "../store/memory-proposals.ts";
import { listRuns } from "../store/runs.ts";
import type { MemoryBook, MemoryScopeArg } from "../tools/memory-book.ts";
import { appended, mainFile, noteFile, type MemoryFile, type MemoryFiles } from "./files.ts";
import { searchMemory } from "./search.ts";

export type BookDeps = {
  store: Store;
  files: MemoryFiles;
  timezone: string;
  agentId: string;
  runId: string;
  /** The turn's source: `job:<id>`, or a delegated task of a job's turn, is unattended. */
  source: string;
  now?: () => Date;
};

export function memoryBook(d: BookDeps): MemoryBook {
  const now = d.now ?? (() => new Date());
  const unattended = isUnattended(d.store, d.source);
  return {
    async save(scope, text) {
      const at = now();
      const f = noteFile(scope, d.agentId, localDate(at, d.timezone));
      const line = `- ${ownerMinute(at, d.timezone).slice(11)} ${text}`;
      if (!unattended) return { kind: "saved", path: (await d.files.append(f, line), f.path) };
      const oldText = await d.files.read(f);
      const p = proposeMemory(d.store, {
        agentId: d.agentId, scope, path: f.path, oldText, newText: appended(oldText, line),
        runId: d.runId, source: d.source,
      });
      return { kind: "proposed", id: p.id };
    },
    async read(scope, date) {
      const f = date ? noteFile(scope, d.agentId, date) : mainFile(scope, d.agentId);
      return { path: f.path, text: await d.files.read(f), dates: d.files.noteDates(scope, d.agentId) };
    },
    search(query, scope) {
      const scopes: MemoryScopeArg[] = scope ? [scope] : ["user", "agent"];
      return searchMemory(d.files, scopes.flatMap((s) => filesOf(d.files, s, d.agentId)), query);
    },
  };
}

/** Every memory file of a place: the main file, then its notes, oldest first. */
function filesOf(files: MemoryFiles, scope: MemoryScopeArg, agentId: string): MemoryFile[] {
  return [mainFile(scope, agentId), ...files.noteDates(scope, agentId).map((day) => noteFile(scope, agentId, day))];
}

/**
 * Nobody can object to what a job's turn writes (G-03); a task it delegated runs for it, so the same holds.
 * The delegating turn is the parent conversation's latest run.
 */
export function isUnattended(store: Store, source: string): boolean {
  if (source.startsWith("job:")) return true;
  if (!source.startsWith("delegate:")) return false;
  const parent = listRuns(store, { conversationId: source.slice("delegate:".length), limit: 1 })[0];
  return !!parent && parent.source.startsWith("job:");
}
