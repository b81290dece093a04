// file_search: grep over the workspace's text files, "path:line: text" per match. Skips binary files,
// node_modules and .git, and never follows symlinks, so the search cannot leave the workspace.
import { TTool } from "../texts/vi-tools.ts";
import { openSync, readSync, closeSync, readFileSync } from "node:fs";
import { z } from "zod";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath, workspaceRelative } from "./paths.ts";
import { looksBinary, statOrNull, walk } from "./text-files.ts";

export const SEARCH_MAX_MATCHES = 200;
export const SEARCH_MAX_CHARS = 10_000;
const LINE_MAX_CHARS = 300;
const FILE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 20_000;

const params = z.object({
  pattern: z.string().min(1).describe("The text to look for. Matched literally unless regex is true."),
  regex: z.boolean().optional().describe("Treat pattern as a JavaScript regular expression (default false: literal " +
      "text)."),
  ignore_case: z.boolean().optional().describe("Match regardless of upper/lower case (default false)."),
  path: z
    .string()
    .optional()
    .describe('Folder or file to search, relative to the workspace root (for example "notes"). Leave it out to ' +
        'search the whole workspace.'),
  include: z
    .string()
    .optional()
    .describe('Only search files whose path matches this glob, for example "*.md" (a glob without "/" matches file ' +
        'names in any folder) or "src/**/*.ts".'),
});

export const fileSearch = defineTool({
  name: "file_search",
  description: `Search the text files in your workspace for a string or regular expression, like grep. Each result ` +
      `line reads "path:line: text". Binary files, node_modules and .git are skipped; at most ${SEARCH_MAX_MATCHES} ` +
      `matches are shown.`,
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => {
    const what = args.path ? TTool.searchIn(args.pattern, args.path) : args.pattern;
    return args.include ? `${what} ${TTool.onlyFiles(args.include)}` : what;
  },
  async execute(args, ctx) {
    const where = args.path || ".";
    const abs = mustResolve(ctx, args.path);
    const st = statOrNull(abs);
    if (!st) throw new Error(`No file or folder at ${where}. Use file_list to see what exists.`);
    const matches = matcher(args.pattern, args.regex ?? false, args.ignore_case ?? false);
    const glob = args.include ? new Bun.Glob(args.include) : null;
    const byName = !!args.include && !args.include.includes("/");
    const base = workspaceRelative(ctx, abs);
    const files = st.isDirectory()
      ? walk(abs, base, true)
      : [{ abs, rel: base, dir: false, link: false }][Symbol.iterator]();

    const out: string[] = [];
    let chars = 0;
    let scanned = 0;
    let full = false;
    for (const f of files) {
      // A symlink may point outside the workspace; what it points to inside is found at its real place.
      if (f.dir || f.link) continue;
      if (glob && !glob.match(byName ? (f.rel.split("/").pop() ?? f.rel) : f.rel)) continue;
      if (++scanned > MAX_FILES) break;
      const text = readIfText(f.abs);
      if (text === null) continue;
      const lines = text.split("\n");
      for (let i = 0; i < lines.length && !full; i++) {
        const line = lines[i].replace(/\r$/, "");
        if (!matches(line)) continue;
        const hit = `${f.rel}:${i + 1}: ${line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS)}…` : line}`;
        if (out.length >= SEARCH_MAX_MATCHES || chars + hit.length > SEARCH_MAX_CHARS) full = true;
        else {
          out.push(hit);
          chars += hit.length + 1;
        }
      }
      if (full) break;
    }
    const matching = args.include ? ` (files matching ${args.include})` : "";
    const scope = `${where === "." ? "the workspace" : where}${matching}`;
    if (out.length === 0) return `No matches for ${JSON.stringify(args.pattern)} in ${scope}.`;
    if (full) out.push(`[Only the first ${out.length} matches are shown. Narrow the pattern, the path or include to ` +
        `see the rest.]`);
    else if (scanned > MAX_FILES) out.push(`[Stopped after ${MAX_FILES} files. Narrow the path or include to search ` +
        `the rest.]`);
    return out.join("\n");
  },
});

function matcher(pattern: string, regex: boolean, ignoreCase: boolean): (line: string) => boolean {
  if (regex) {
    let re: RegExp;
    try {
      re = new RegExp(pattern, ignoreCase ? "i" : "");
    } catch (e) {
      throw new Error(`pattern is not a valid regular expression (${(e as Error).message}). Fix it, or set regex to ` +
          `false to search for the text literally.`);
    }
    return (line) => re.test(line);
  }
  if (!ignoreCase) return (line) => line.includes(pattern);
  const lower = pattern.toLowerCase();
  return (line) => line.toLowerCase().includes(lower);
}

/** The file's text, or null when it is binary, too big or unreadable (a search skips those silently). */
function readIfText(abs: string): string | null {
  const st = statOrNull(abs);
  if (!st?.isFile() || st.size > FILE_MAX_BYTES) return null;
  try {
    const head = new Uint8Array(Math.min(st.size, 8192));
    const fd = openSync(abs, "r");
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    if (looksBinary(head)) return null;
    return readFileSync(abs, "utf8");
  } catch {
    return null;
  }
}
