import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileDelete } from "../../../src/tools/file-delete.ts";
import { fileEdit } from "../../../src/tools/file-edit.ts";
import { fileList } from "../../../src/tools/file-list.ts";
import { fileRead } from "../../../src/tools/file-read.ts";
import { fileSearch } from "../../../src/tools/file-search.ts";
import { fileWrite } from "../../../src/tools/file-write.ts";
import { resolveInWorkspace } from "../../../src/tools/paths.ts";
import { shellRun } from "../../../src/tools/shell-run.ts";
import { context, failure, put, refusal, tempDir } from "./helpers.ts";

let ws: string;
let outside: string;

beforeEach(() => {
  ws = tempDir("mc-ws-");
  outside = tempDir("mc-outside-");
  put(ws, { "notes/todo.md": "buy milk\n" });
  put(outside, { "secret.txt": "top secret\n" });
  symlinkSync(join(outside, "secret.txt"), join(ws, "leak.txt"));
  symlinkSync(outside, join(ws, "linkdir"));
  symlinkSync(join(outside, "not-yet.txt"), join(ws, "dangling.txt"));
});

describe("resolveInWorkspace", () => {
  test("relative and absolute paths inside the workspace resolve to real paths", () => {
    expect(resolveInWorkspace(ws, "notes/todo.md")).toEqual({ ok: true, abs: join(ws, "notes/todo.md") });
    expect(resolveInWorkspace(ws, join(ws, "notes"))).toEqual({ ok: true, abs: join(ws, "notes") });
    expect(resolveInWorkspace(ws, "new/deeper/file.txt")).toEqual({ ok: true, abs: join(ws, "new/deeper/file.txt") });
    expect(resolveInWorkspace(ws, "notes/../notes/todo.md")).toEqual({ ok: true, abs: join(ws, "notes/todo.md") });
    expect(resolveInWorkspace(ws, ".")).toEqual({ ok: true, abs: ws });
  });

  test("a symlink that stays inside the workspace is followed", () => {
    symlinkSync(join(ws, "notes"), join(ws, "n"));
    expect(resolveInWorkspace(ws, "n/todo.md")).toEqual({ ok: true, abs: join(ws, "notes/todo.md") });
  });

  test("a workspace named through a symlink accepts absolute paths under either name", () => {
    const alias = join(tempDir(), "alias");
    symlinkSync(ws, alias);
    expect(resolveInWorkspace(alias, join(alias, "notes/todo.md"))).toEqual({ ok: true, abs: join(ws, "notes/todo.md") });
    expect(resolveInWorkspace(alias, "notes/todo.md")).toEqual({ ok: true, abs: join(ws, "notes/todo.md") });
  });

  const escapes: [string, () => string, RegExp][] = [
    ["../x", () => "../x", /outside the workspace/],
    ["a/../../x", () => "a/../../x", /outside the workspace/],
    ["an absolute path outside", () => join(outside, "secret.txt"), /outside the workspace/],
    ["/etc/passwd", () => "/etc/passwd", /outside the workspace/],
    ["a symlink to a file outside", () => "leak.txt", /symbolic link/],
    ["a new file under a symlinked folder outside", () => "linkdir/new.txt", /symbolic link/],
    ["a new folder path under a symlinked folder outside", () => "linkdir/a/b/c.txt", /symbolic link/],
    ["a dangling symlink pointing outside", () => "dangling.txt", /symbolic link/],
  ];
  for (const [name, path, reason] of escapes) {
    test(`refuses ${name} with a sentence`, () => {
      const r = resolveInWorkspace(ws, path());
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(reason);
    });
  }

  test("a symlink loop is refused, not followed forever", () => {
    symlinkSync(join(ws, "loop-b"), join(ws, "loop-a"));
    symlinkSync(join(ws, "loop-a"), join(ws, "loop-b"));
    const r = resolveInWorkspace(ws, "loop-a/x.txt");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/loop/);
  });

  test("a NUL byte is refused", () => {
    expect(resolveInWorkspace(ws, "notes\0/x").ok).toBe(false);
  });
});

describe("every workspace tool refuses an escaping path, in refuse and again in execute", () => {
  const calls: [string, typeof fileRead, (p: string) => Record<string, unknown>][] = [
    ["file_read", fileRead, (path) => ({ path })],
    ["file_write", fileWrite, (path) => ({ path, content: "pwned" })],
    ["file_edit", fileEdit, (path) => ({ path, old_string: "top secret", new_string: "pwned" })],
    ["file_list", fileList, (path) => ({ path })],
    ["file_search", fileSearch, (path) => ({ pattern: "secret", path })],
    ["file_delete", fileDelete, (path) => ({ path })],
    ["shell_run", shellRun, (path) => ({ command: "echo pwned > out.txt", cwd: path })],
  ];
  const paths = ["../x", "leak.txt", "linkdir/new.txt", "linkdir", "dangling.txt"];
  for (const [name, tool, make] of calls) {
    for (const path of paths) {
      test(`${name} with ${path}`, async () => {
        const ctx = context(ws);
        const raw = make(path);
        expect(await refusal(tool, raw, ctx)).toMatch(/outside the workspace|symbolic link/);
        expect(await failure(tool, raw, ctx)).toMatch(/outside the workspace|symbolic link/);
        expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret\n");
        expect(existsSync(join(outside, "new.txt"))).toBe(false);
        expect(existsSync(join(outside, "not-yet.txt"))).toBe(false);
        expect(existsSync(join(outside, "out.txt"))).toBe(false);
      });
    }
    test(`${name} accepts a path inside the workspace in refuse`, async () => {
      mkdirSync(join(ws, "dir"));
      expect(await refusal(tool, make(name === "shell_run" ? "dir" : "notes/todo.md"), context(ws))).toBeNull();
    });
  }
});
