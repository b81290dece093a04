// The memory layout (G-01): where each file sits, what a stored path may name, and bounded atomic writes.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MAIN_MAX_CHARS, mainFile, MemoryFileError, MemoryFiles, noteFile, NOTES_MAX_CHARS, parseMemoryPath,
} from "../../../src/memory/files.ts";

let root: string;
beforeEach(() => void (root = mkdtempSync(join(tmpdir(), "mem-files-"))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("memory layout", () => {
  test("owner facts under users/owner/, the master's memory in the home, a member's in its folder", () => {
    expect(mainFile("user", "coach").path).toBe("users/owner/USER.md");
    expect(mainFile("agent", "default").path).toBe("MEMORY.md");
    expect(mainFile("agent", "coach").path).toBe("agents/coach/MEMORY.md");
    expect(noteFile("agent", "coach", "2026-12-01").path).toBe("agents/coach/memory/2026-12-01.md");
    expect(noteFile("agent", "default", "2026-12-01").path).toBe("memory/2026-12-01.md");
    expect(noteFile("user", "default", "2026-12-01").path).toBe("users/owner/memory/2026-12-01.md");
    expect(() => noteFile("agent", "coach", "../x")).toThrow(MemoryFileError);
  });

  test("a stored path reads back only as a memory file of that agent", () => {
    expect(parseMemoryPath("agents/coach/MEMORY.md", "coach")).toEqual(mainFile("agent", "coach"));
    expect(parseMemoryPath("memory/2026-12-01.md", "default")).toEqual(noteFile("agent", "default", "2026-12-01"));
    expect(parseMemoryPath("users/owner/USER.md", "coach")).toEqual(mainFile("user", "coach"));
    const refused: [string, string][] = [
      ["agents/coach/MEMORY.md", "other"], ["agents/other/MEMORY.md", "coach"], ["env", "coach"],
      ["agents/coach/../../env", "coach"], ["agents/coach/memory/2026-12-01.txt", "coach"],
      ["agents/coach/memory/../MEMORY.md", "coach"], ["users/owner/../../env", "coach"], ["agent.yaml", "default"],
    ];
    for (const [path, agent] of refused) expect(parseMemoryPath(path, agent)).toBeNull();
    expect(parseMemoryPath("MEMORY.md", "../etc")).toBeNull();
  });
});

describe("MemoryFiles", () => {
  test("an absent file reads empty; append creates it and keeps one line per note", async () => {
    const files = new MemoryFiles(root);
    const f = noteFile("agent", "coach", "2026-12-01");
    expect(await files.read(f)).toBe("");
    expect(await files.append(f, "- first")).toEqual({ before: "", after: "- first\n" });
    const second = await files.append(f, "- second\nline");
    expect(second.after).toBe("- first\n- second line\n");
    expect(readFileSync(files.abs(f), "utf8")).toBe("- first\n- second line\n");
    expect(statSync(files.abs(f)).mode & 0o777).toBe(0o600);
    expect(files.noteDates("agent", "coach")).toEqual(["2026-12-01"]);
    expect(files.noteDates("user", "coach")).toEqual([]);
  });

  test("write replaces atomically, refuses when the file is not what was expected, and '' removes it", async () => {
    const files = new MemoryFiles(root);
    const f = mainFile("agent", "default");
    expect(await files.write(f, "# one\n")).toBe(true);
    expect(await files.write(f, "# two\n", "# other\n")).toBe(false);
    expect(files.readSync(f)).toBe("# one\n");
    expect(await files.write(f, "# two\n", "# one\n")).toBe(true);
    expect(await files.read(f)).toBe("# two\n");
    expect(await files.write(f, "")).toBe(true);
    expect(existsSync(files.abs(f))).toBe(false);
  });

  test("sizes are bounded: a main file over its limit and a day's notes over theirs are refused", async () => {
    const files = new MemoryFiles(root);
    await expect(files.write(mainFile("user", "x"), "a".repeat(MAIN_MAX_CHARS + 1))).rejects.toThrow(MemoryFileError);
    const f = noteFile("user", "x", "2026-12-01");
    await files.write(f, "a".repeat(NOTES_MAX_CHARS - 5));
    await expect(files.append(f, "too long")).rejects.toThrow(MemoryFileError);
    expect((await files.read(f)).length).toBe(NOTES_MAX_CHARS - 5);
  });
});
