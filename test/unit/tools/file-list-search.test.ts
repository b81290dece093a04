import { beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileList, LIST_MAX_ENTRIES } from "../../../src/tools/file-list.ts";
import { fileSearch, SEARCH_MAX_MATCHES } from "../../../src/tools/file-search.ts";
import { TTool } from "../../../src/texts/vi-tools.ts";
import { context, failure, put, run, tempDir } from "./helpers.ts";

let ws: string;
beforeEach(() => {
  ws = tempDir();
  put(ws, {
    "b.txt": "Hello world\nsecond line\n",
    "a/x.md": "# Title\nhello again\n",
    "a/deep/y.ts": "const hello = 1;\n",
    "node_modules/pkg/index.js": "hello from a dependency\n",
    ".git/config": "hello git\n",
    "img.png": new Uint8Array([0x89, 0x50, 0, 0, 0x68, 0x65, 0x6c, 0x6c, 0x6f]),
  });
  mkdirSync(join(ws, "empty"));
});

describe("file_list", () => {
  test("replay-safe, no approval", () => {
    expect(fileList.replaySafe).toBe(true);
    expect(fileList.requiresApproval).toBe(false);
    expect(fileList.summarize?.({ path: "a", recursive: true } as never)).toBe(`a ${TTool.recursive}`);
    const search = { pattern: "x", path: "src", include: "*.ts" } as never;
    expect(fileSearch.summarize?.(search)).toBe("x trong src (chỉ *.ts)");
  });

  test("lists the root sorted, folders with a trailing slash", async () => {
    expect(await run(fileList, {}, context(ws))).toBe([".git/", "a/", "b.txt", "empty/", "img.png", "node_modules/"].join("\n"));
  });

  test("a sub-folder lists workspace-relative paths", async () => {
    expect(await run(fileList, { path: "a" }, context(ws))).toBe("a/deep/\na/x.md");
  });

  test("recursive lists everything but does not expand node_modules and .git", async () => {
    expect(await run(fileList, { recursive: true }, context(ws))).toBe(
      [".git/ (not expanded)", "a/", "a/deep/", "a/deep/y.ts", "a/x.md", "b.txt", "empty/", "img.png", "node_modules/ (not expanded)"].join("\n"),
    );
  });

  test("an empty folder, a missing one and a file are told apart", async () => {
    expect(await run(fileList, { path: "empty" }, context(ws))).toBe("empty is an empty folder.");
    expect(await failure(fileList, { path: "nope" }, context(ws))).toMatch(/^No folder at nope/);
    expect(await failure(fileList, { path: "b.txt" }, context(ws))).toMatch(/is a file, not a folder\. Use file_read/);
  });

  test("the entry count is capped with a note", async () => {
    put(ws, Object.fromEntries(Array.from({ length: LIST_MAX_ENTRIES + 20 }, (_, i) => [`many/f${String(i).padStart(4, "0")}.txt`, ""])));
    const lines = (await run(fileList, { path: "many" }, context(ws))).split("\n");
    expect(lines.length).toBe(LIST_MAX_ENTRIES + 1);
    expect(lines[0]).toBe("many/f0000.txt");
    expect(lines.at(-1)).toMatch(/^\[20 more entries not shown/);
  });
});

describe("file_search", () => {
  test("replay-safe, no approval", () => {
    expect(fileSearch.replaySafe).toBe(true);
    expect(fileSearch.requiresApproval).toBe(false);
  });

  test("literal search prints path:line: text and skips binaries, node_modules and .git", async () => {
    expect(await run(fileSearch, { pattern: "hello" }, context(ws))).toBe("a/deep/y.ts:1: const hello = 1;\na/x.md:2: hello again");
  });

  test("ignore_case and regex", async () => {
    const ctx = context(ws);
    expect(await run(fileSearch, { pattern: "hello", ignore_case: true, path: "b.txt" }, ctx)).toBe("b.txt:1: Hello world");
    expect(await run(fileSearch, { pattern: "^(# |const)", regex: true }, ctx)).toBe("a/deep/y.ts:1: const hello = 1;\na/x.md:1: # Title");
    expect(await run(fileSearch, { pattern: "he.lo", path: "a" }, ctx)).toBe('No matches for "he.lo" in a.');
  });

  test("include filters by glob; a glob without a slash matches names in any folder", async () => {
    const ctx = context(ws);
    expect(await run(fileSearch, { pattern: "hello", include: "*.ts" }, ctx)).toBe("a/deep/y.ts:1: const hello = 1;");
    expect(await run(fileSearch, { pattern: "hello", include: "a/*.md" }, ctx)).toBe("a/x.md:2: hello again");
  });

  test("an invalid regular expression fails with how to fix it", async () => {
    expect(await failure(fileSearch, { pattern: "(", regex: true }, context(ws))).toMatch(/^pattern is not a valid regular expression .*regex to false/);
  });

  test("symlinks are not followed, even to a file outside", async () => {
    const outside = tempDir();
    put(outside, { "secret.txt": "hello secret\n" });
    symlinkSync(join(outside, "secret.txt"), join(ws, "leak.txt"));
    symlinkSync(outside, join(ws, "leakdir"));
    expect(await run(fileSearch, { pattern: "secret" }, context(ws))).toBe('No matches for "secret" in the workspace.');
  });

  test("matches are capped with a note", async () => {
    put(ws, { "log.txt": Array.from({ length: SEARCH_MAX_MATCHES + 50 }, (_, i) => `hit ${i}`).join("\n") });
    const lines = (await run(fileSearch, { pattern: "hit", path: "log.txt" }, context(ws))).split("\n");
    expect(lines.length).toBe(SEARCH_MAX_MATCHES + 1);
    expect(lines.at(-1)).toMatch(/^\[Only the first 200 matches are shown/);
  });

  test("a missing path fails with a sentence", async () => {
    expect(await failure(fileSearch, { pattern: "x", path: "nope" }, context(ws))).toMatch(/^No file or folder at nope/);
  });
});
