// The memory files on disk (G-01), the one place that knows their layout: owner facts in users/owner/ (read
// by every agent), and per agent MEMORY.md plus dated notes in its folder (the home itself for the master).
// Each place has a main file and a memory/ folder of YYYY-MM-DD.md notes; every write is atomic and bounded.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { agentId as agentIdSchema, MASTER } from "../config/agent-schema.ts";
import { withFileLock, writeFileAtomic } from "../config/file-write.ts";

export type MemoryScope = "user" | "agent";

/** Past this a main file (MEMORY.md, USER.md) is refused on write and cut on read: it is read every turn. */
export const MAIN_MAX_CHARS = 16_000;
/** One day's notes of one place stop growing here: they ride with the turn's opening message (G-05). */
export const NOTES_MAX_CHARS = 16_000;
/** One saved note. */
export const NOTE_MAX_CHARS = 1_000;

export class MemoryFileError extends Error {}

/** Where one memory file sits, in words the rest of the code uses; `path` is relative to the home. */
export type MemoryFile = {
  scope: MemoryScope;
  /** The agent whose memory it is; for the user scope, the agent that reads it (any). */
  agentId: string;
  /** null: the main file; else the notes of that day. */
  date: string | null;
  path: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const OWNER_DIR = "users/owner";
const NOTES_DIR = "memory";

/** The folder of a place, relative to the home: users/owner, the home itself (master), agents/<id>. */
function placeDir(scope: MemoryScope, agentId: string): string {
  if (scope === "user") return OWNER_DIR;
  return agentId === MASTER ? "" : `agents/${agentId}`;
}

function mainName(scope: MemoryScope): string {
  return scope === "user" ? "USER.md" : "MEMORY.md";
}

/** The main file of a place: users/owner/USER.md, or the agent's MEMORY.md. */
export function mainFile(scope: MemoryScope, agentId: string): MemoryFile {
  return { scope, agentId, date: null, path: joinRel(placeDir(scope, agentId), mainName(scope)) };
}

/** One day's notes of a place: <place>/memory/YYYY-MM-DD.md. */
export function noteFile(scope: MemoryScope, agentId: string, date: string): MemoryFile {
  if (!DATE.test(date)) throw new MemoryFileError(`not a date: ${date}`);
  return { scope, agentId, date, path: joinRel(placeDir(scope, agentId), NOTES_DIR, `${date}.md`) };
}

/**
 * The memory file a stored relative path names, or null when it is not one (a proposal's path is read back
 * through here, so a row can never make the server write anywhere else). User-scope paths name no agent.
 */
export function parseMemoryPath(path: string, agentId: string): MemoryFile | null {
  if (!agentIdSchema.safeParse(agentId).success) return null;
  const parts = path.split("/");
  const place = placeOf(parts, agentId);
  if (!place) return null;
  const { scope, rest } = place;
  if (rest.length === 1 && rest[0] === mainName(scope)) return mainFile(scope, agentId);
  const date = rest.length === 2 && rest[0] === NOTES_DIR ? rest[1]!.replace(/\.md$/, "") : "";
  return DATE.test(date) && rest[1] === `${date}.md` ? noteFile(scope, agentId, date) : null;
}

function placeOf(parts: string[], agentId: string): { scope: MemoryScope; rest: string[] } | null {
  if (parts[0] === "users" && parts[1] === "owner") return { scope: "user", rest: parts.slice(2) };
  if (agentId === MASTER) return { scope: "agent", rest: parts };
  if (parts[0] === "agents" && parts[1] === agentId) return { scope: "agent", rest: parts.slice(2) };
  return null;
}

/** Reads memory from one home. */
export class MemoryFiles {
  constructor(readonly root: string) {}

  abs(f: MemoryFile): string {
    return join(this.root, f.path);
  }

  /** The file's text, "" when absent; a main file longer than its bound is cut with a note. */
  async read(f: MemoryFile): Promise<string> {
    return cut(f, await readFile(this.abs(f), "utf8").catch(absentAsEmpty));
  }

  /** The same, synchronously: for the system prompt, built synchronously per turn. */
  readSync(f: MemoryFile): string {
    try {
      return cut(f, readFileSync(this.abs(f), "utf8"));
    } catch (e) {
      return absentAsEmpty(e);
    }
  }

  /** The dates with notes in a place, oldest first. */
  noteDates(scope: MemoryScope, agentId: string): string[] {
    const dir = join(this.root, placeDir(scope, agentId), NOTES_DIR);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((n) => n.endsWith(".md") && DATE.test(n.slice(0, -3)))
      .map((n) => n.slice(0, -3))
      .sort();
  }

  /**
   * Replaces a file's text, atomically; "" removes it (an empty memory file and none read the same).
   * `expect`, when given, is the text the file must hold now, else nothing is written (returns false).
   */
  async write(f: MemoryFile, text: string, expect?: string): Promise<boolean> {
    checkSize(f, text);
    return !!(await this.change(f, (now) => (expect === undefined || now === expect ? text : null)));
  }

  /** Adds one line at the end of a notes file; returns the text before and after. */
  async append(f: MemoryFile, line: string): Promise<{ before: string; after: string }> {
    return (await this.change(f, (now) => appended(now, line)))!;
  }

  /**
   * One read-change-write step, alone on the file in this process: `next` sees the whole current text and
   * answers the new one, or null to leave it. Returns the text before and after, or null when left.
   */
  async change(f: MemoryFile, next: (now: string) => string | null): Promise<{ before: string; after: string } | null> {
    const file = this.abs(f);
    return withFileLock(file, async () => {
      const before = await readFile(file, "utf8").catch(absentAsEmpty);
      const after = next(before);
      if (after === null) return null;
      checkSize(f, after);
      if (after === "") await unlink(file).catch(absentAsEmpty);
      else {
        await mkdir(dirname(file), { recursive: true });
        await writeFileAtomic(file, after);
      }
      return { before, after };
    });
  }
}

/** `text` with `line` added as its last line. */
export function appended(text: string, line: string): string {
  const body = line.replace(/\s*\n\s*/g, " ").trim();
  return `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${body}\n`;
}

function checkSize(f: MemoryFile, text: string): void {
  const max = f.date ? NOTES_MAX_CHARS : MAIN_MAX_CHARS;
  if (text.length > max) {
    throw new MemoryFileError(`${f.path} would hold ${text.length} characters; the limit is ${max}`);
  }
}

function cut(f: MemoryFile, text: string): string {
  const max = f.date ? NOTES_MAX_CHARS : MAIN_MAX_CHARS;
  return text.length <= max ? text : `${text.slice(0, max)}\n\n[${f.path} cut at ${max} characters]`;
}

function absentAsEmpty(e: unknown): string {
  if ((e as NodeJS.ErrnoException).code === "ENOENT") return "";
  throw e;
}

function joinRel(...parts: string[]): string {
  return parts.filter((p) => p !== "").join("/");
}
