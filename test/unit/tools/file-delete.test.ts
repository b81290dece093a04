import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileDelete } from "../../../src/tools/file-delete.ts";
import { context, failure, put, refusal, run, tempDir } from "./helpers.ts";

let ws: string;
beforeEach(() => {
  ws = tempDir();
  put(ws, { "notes/a.md": "a", "old.txt": "x" });
});

describe("file_delete", () => {
  test("asks for approval and is not replay-safe", () => {
    expect(fileDelete.requiresApproval).toBe(true);
    expect(fileDelete.replaySafe).toBe(false);
    expect(fileDelete.summarize?.({ path: "old.txt" } as never)).toBe("old.txt");
  });

  test("deletes a file", async () => {
    expect(await run(fileDelete, { path: "old.txt" }, context(ws))).toBe("Deleted old.txt.");
    expect(existsSync(join(ws, "old.txt"))).toBe(false);
  });

  test("deletes an empty folder but refuses one with files", async () => {
    mkdirSync(join(ws, "empty"));
    expect(await run(fileDelete, { path: "empty" }, context(ws))).toBe("Deleted the empty folder empty.");
    expect(existsSync(join(ws, "empty"))).toBe(false);
    expect(await failure(fileDelete, { path: "notes" }, context(ws))).toMatch(/^notes is a folder that is not empty\. Delete the files inside it first/);
    expect(existsSync(join(ws, "notes/a.md"))).toBe(true);
  });

  test("a symlink inside the workspace is removed itself, not its target", async () => {
    symlinkSync(join(ws, "notes/a.md"), join(ws, "alias.md"));
    expect(await run(fileDelete, { path: "alias.md" }, context(ws))).toMatch(/^Deleted the symbolic link alias\.md/);
    expect(existsSync(join(ws, "alias.md"))).toBe(false);
    expect(existsSync(join(ws, "notes/a.md"))).toBe(true);
  });

  test("a missing path fails with a sentence", async () => {
    expect(await failure(fileDelete, { path: "ghost.md" }, context(ws))).toBe("No file or folder at ghost.md. Use file_list to see what exists.");
  });

  test("the workspace itself is a hard refusal", async () => {
    for (const path of [".", ws, "notes/.."]) {
      expect(await refusal(fileDelete, { path }, context(ws))).toMatch(/workspace folder itself can never be deleted/);
      expect(await failure(fileDelete, { path }, context(ws))).toMatch(/workspace folder itself can never be deleted/);
    }
    expect(existsSync(ws)).toBe(true);
  });
});
