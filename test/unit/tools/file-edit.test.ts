import { beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileEdit } from "../../../src/tools/file-edit.ts";
import { context, failure, put, run, tempDir } from "./helpers.ts";

let ws: string;
const read = (rel: string) => readFileSync(join(ws, rel), "utf8");

beforeEach(() => {
  ws = tempDir();
  put(ws, { "todo.md": "- milk\n- eggs\n- milk\n", "one.md": "alpha beta gamma\n" });
});

describe("file_edit", () => {
  test("asks for approval, not replay-safe, summarised by its path", () => {
    expect(fileEdit.requiresApproval).toBe(true);
    expect(fileEdit.replaySafe).toBe(false);
    expect(fileEdit.summarize?.({ path: "todo.md" } as never)).toBe("todo.md");
  });

  test("replaces a unique exact string", async () => {
    expect(await run(fileEdit, { path: "one.md", old_string: "beta", new_string: "BETA" }, context(ws))).toBe("Replaced 1 occurrence in one.md.");
    expect(read("one.md")).toBe("alpha BETA gamma\n");
  });

  test("an ambiguous old_string is refused and tells the model to add context", async () => {
    const msg = await failure(fileEdit, { path: "todo.md", old_string: "- milk", new_string: "- oat milk" }, context(ws));
    expect(msg).toBe(
      "old_string occurs 2 times in todo.md, so the edit is ambiguous. Include more surrounding lines in old_string so that it matches exactly once, or set replace_all to true to change every occurrence.",
    );
    expect(read("todo.md")).toBe("- milk\n- eggs\n- milk\n");
  });

  test("more context makes it unique", async () => {
    await run(fileEdit, { path: "todo.md", old_string: "- eggs\n- milk", new_string: "- eggs\n- oat milk" }, context(ws));
    expect(read("todo.md")).toBe("- milk\n- eggs\n- oat milk\n");
  });

  test("replace_all changes every occurrence", async () => {
    const out = await run(fileEdit, { path: "todo.md", old_string: "milk", new_string: "tea", replace_all: true }, context(ws));
    expect(out).toBe("Replaced 2 occurrences in todo.md.");
    expect(read("todo.md")).toBe("- tea\n- eggs\n- tea\n");
  });

  test("dollar patterns in new_string stay literal", async () => {
    await run(fileEdit, { path: "one.md", old_string: "beta", new_string: "$& $1 $$" }, context(ws));
    expect(read("one.md")).toBe("alpha $& $1 $$ gamma\n");
  });

  test("a missing old_string says to re-read and copy exactly", async () => {
    const msg = await failure(fileEdit, { path: "one.md", old_string: "delta", new_string: "x" }, context(ws));
    expect(msg).toMatch(/^old_string was not found in one\.md\. Read the file again with file_read/);
  });

  test("empty or unchanged old_string is refused", async () => {
    expect(await failure(fileEdit, { path: "one.md", old_string: "", new_string: "x" }, context(ws))).toMatch(/old_string is empty.*file_write/);
    expect(await failure(fileEdit, { path: "one.md", old_string: "beta", new_string: "beta" }, context(ws))).toMatch(/identical/);
  });

  test("a CRLF file is matched by LF text and keeps its line endings", async () => {
    put(ws, { "win.txt": "one\r\ntwo\r\nthree\r\n" });
    await run(fileEdit, { path: "win.txt", old_string: "one\ntwo", new_string: "1\n2" }, context(ws));
    expect(read("win.txt")).toBe("1\r\n2\r\nthree\r\n");
  });

  test("missing and binary files fail with a sentence", async () => {
    put(ws, { "b.bin": new Uint8Array([0, 1, 2]) });
    expect(await failure(fileEdit, { path: "gone.md", old_string: "a", new_string: "b" }, context(ws))).toMatch(/^No file at gone\.md/);
    expect(await failure(fileEdit, { path: "b.bin", old_string: "a", new_string: "b" }, context(ws))).toMatch(/binary file/);
  });
});
