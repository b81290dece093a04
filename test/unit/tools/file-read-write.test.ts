import { beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileRead, READ_MAX_CHARS } from "../../../src/tools/file-read.ts";
import { fileWrite } from "../../../src/tools/file-write.ts";
import { context, failure, put, run, tempDir } from "./helpers.ts";

let ws: string;
beforeEach(() => {
  ws = tempDir();
});

describe("file_read", () => {
  test("is a replay-safe read that needs no approval, summarised by its path", () => {
    expect(fileRead.replaySafe).toBe(true);
    expect(fileRead.requiresApproval).toBe(false);
    expect(fileRead.summarize?.({ path: "notes/todo.md" } as never)).toBe("notes/todo.md");
  });

  test("returns the lines numbered, without the file's carriage returns", async () => {
    put(ws, { "notes/todo.md": "buy milk\r\ncall mum\n" });
    expect(await run(fileRead, { path: "notes/todo.md" }, context(ws))).toBe("1\tbuy milk\n2\tcall mum");
  });

  test("offset and limit pick a window and say how to continue", async () => {
    put(ws, { "n.txt": Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join("\n") });
    const out = await run(fileRead, { path: "n.txt", offset: 4, limit: 2 }, context(ws));
    expect(out).toBe("4\tline 4\n5\tline 5\n[Showing lines 4-5 of 10. Call file_read with offset=6 to continue.]");
    expect(await run(fileRead, { path: "n.txt", offset: 10 }, context(ws))).toBe("10\tline 10");
  });

  test("a file larger than the output budget is cut at a line with a continuation note", async () => {
    put(ws, { "big.txt": Array.from({ length: 400 }, (_, i) => `${i} ${"x".repeat(60)}`).join("\n") });
    const out = await run(fileRead, { path: "big.txt" }, context(ws));
    expect(out.length).toBeLessThan(READ_MAX_CHARS + 200);
    const last = Number(/Showing lines 1-(\d+) of 400/.exec(out)?.[1]);
    expect(last).toBeGreaterThan(100);
    expect(last).toBeLessThan(400);
    expect(out).toContain(`offset=${last + 1}`);
  });

  test("a very long line is cut and says so", async () => {
    put(ws, { "wide.txt": "y".repeat(5000) });
    const out = await run(fileRead, { path: "wide.txt" }, context(ws));
    expect(out).toContain("[line cut at 2000 of 5000 characters]");
    expect(out.length).toBeLessThan(2100);
  });

  test("an empty file says it is empty", async () => {
    put(ws, { "e.txt": "" });
    expect(await run(fileRead, { path: "e.txt" }, context(ws))).toBe("e.txt is empty.");
  });

  test("refuses a binary file with a sentence that names the right tool", async () => {
    put(ws, { "pic.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), "blob.bin": new Uint8Array([1, 0, 2]) });
    expect(await failure(fileRead, { path: "pic.png" }, context(ws))).toBe(
      "pic.png is a binary file, and this tool only works on text files. Use image_read to look at an image.",
    );
    expect(await failure(fileRead, { path: "blob.bin" }, context(ws))).toMatch(/^blob\.bin is a binary file/);
  });

  test("missing files, folders and offsets past the end fail with what to do instead", async () => {
    put(ws, { "notes/a.md": "one\n" });
    expect(await failure(fileRead, { path: "nope.md" }, context(ws))).toBe("No file at nope.md. Use file_list to see which files exist.");
    expect(await failure(fileRead, { path: "notes" }, context(ws))).toMatch(/is a directory.*file_list/);
    expect(await failure(fileRead, { path: "notes/a.md", offset: 5 }, context(ws))).toBe(
      "offset 5 is past the end of notes/a.md, which has 1 lines. Use an offset between 1 and 1.",
    );
  });

  test("a file over the size cap is refused and points at file_search", async () => {
    put(ws, { "huge.log": "z".repeat(11 * 1024 * 1024) });
    expect(await failure(fileRead, { path: "huge.log" }, context(ws))).toMatch(/over the 10 MB limit.*file_search/);
  });

  test("limit is bounded by the schema", () => {
    expect(fileRead.params.safeParse({ path: "a", limit: 5000 }).success).toBe(false);
    expect(fileRead.params.safeParse({ path: "a", offset: 0 }).success).toBe(false);
  });
});

describe("file_write", () => {
  test("asks for approval and is not replay-safe", () => {
    expect(fileWrite.requiresApproval).toBe(true);
    expect(fileWrite.replaySafe).toBe(false);
    expect(fileWrite.summarize?.({ path: "a/b.md", content: "x" } as never)).toBe("a/b.md");
  });

  test("creates missing parent folders, then replaces the content", async () => {
    const ctx = context(ws);
    expect(await run(fileWrite, { path: "deep/er/note.md", content: "héllo\n" }, ctx)).toBe("Created deep/er/note.md (7 bytes).");
    expect(readFileSync(join(ws, "deep/er/note.md"), "utf8")).toBe("héllo\n");
    expect(await run(fileWrite, { path: "deep/er/note.md", content: "bye" }, ctx)).toBe("Replaced deep/er/note.md (3 bytes).");
    expect(readFileSync(join(ws, "deep/er/note.md"), "utf8")).toBe("bye");
  });

  test("an absolute path inside the workspace works", async () => {
    await run(fileWrite, { path: join(ws, "abs.txt"), content: "ok" }, context(ws));
    expect(readFileSync(join(ws, "abs.txt"), "utf8")).toBe("ok");
  });

  test("writing over a folder, or under a file, fails with a sentence", async () => {
    put(ws, { "notes/a.md": "x", "plain.txt": "x" });
    expect(await failure(fileWrite, { path: "notes", content: "x" }, context(ws))).toBe(
      'notes is a directory. Choose a file path inside it, such as "notes/notes.md".',
    );
    expect(await failure(fileWrite, { path: "plain.txt/inner.md", content: "x" }, context(ws))).toMatch(
      /^Could not write plain\.txt\/inner\.md: .*no file sits where a folder/,
    );
  });
});
