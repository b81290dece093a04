// file_list: the entries of a workspace folder, sorted, folders marked with a trailing "/", paths
// relative to the workspace root so they can be passed straight back to the other file tools.
import { TTool } from "../texts/vi-tools.ts";
import { z } from "zod";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath, workspaceRelative } from "./paths.ts";
import { SKIPPED_DIRS, statOrNull, walk } from "./text-files.ts";

export const LIST_MAX_ENTRIES = 500;
/** Past this many hidden entries the walk stops counting: a huge tree must not stall the call. */
const COUNT_LIMIT = 10_000;

const params = z.object({
  path: z
    .string()
    .optional()
    .describe('Folder to list, relative to the workspace root (for example "notes"). Leave it out to list the ' +
        'workspace root.'),
  recursive: z
    .boolean()
    .optional()
    .describe("Also list everything inside sub-folders (default false). node_modules and .git are shown but not " +
        "expanded."),
});

export const fileList = defineTool({
  name: "file_list",
  description: `List the files and folders in your workspace. Folders end with "/". Paths are relative to the ` +
      `workspace root. At most ${LIST_MAX_ENTRIES} entries are shown; list a sub-folder to see more.`,
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => `${args.path || "."}${args.recursive ? ` ${TTool.recursive}` : ""}`,
  async execute(args, ctx) {
    const shown = args.path || ".";
    const abs = mustResolve(ctx, args.path);
    const st = statOrNull(abs);
    if (!st) throw new Error(`No folder at ${shown}. List its parent folder to see what exists.`);
    if (!st.isDirectory()) throw new Error(`${shown} is a file, not a folder. Use file_read to read it.`);
    const base = workspaceRelative(ctx, abs);
    const lines: string[] = [];
    let more = 0;
    for (const entry of walk(abs, base, args.recursive ?? false)) {
      if (lines.length >= LIST_MAX_ENTRIES) {
        if (++more >= COUNT_LIMIT) break;
        continue;
      }
      const name = entry.dir ? `${entry.rel}/` : entry.rel;
      const skipped = args.recursive && entry.dir && SKIPPED_DIRS.has(entry.rel.split("/").pop() ?? "");
      lines.push(skipped ? `${name} (not expanded)` : name);
    }
    if (lines.length === 0) return `${shown} is an empty folder.`;
    if (more > 0) lines.push(`[${more >= COUNT_LIMIT ? "At least " : ""}${more} more entries not shown. List a ` +
        `sub-folder, or use file_search to find a file by its content.]`);
    return lines.join("\n");
  },
});
