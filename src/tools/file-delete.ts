// file_delete: removes one file (or a symlink, or an empty folder) from the workspace. Never a whole
// tree: deleting many files at once is left to shell_run, whose broad rm always asks (D-08).
import { lstatSync, realpathSync, rmdirSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { defineTool, type ToolContext } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { statOrNull } from "./text-files.ts";

const params = z.object({
  path: z
    .string()
    .min(1)
    .describe('Path of the file or empty folder to delete, relative to the workspace root (for example ' +
        '"notes/old.md").'),
});

export const fileDelete = defineTool({
  name: "file_delete",
  description:
    "Delete one file, or one empty folder, from your workspace. Folders that still contain files are refused: delete " +
        "their files first. Asks the owner for approval unless the conversation is autonomous.",
  params,
  requiresApproval: true,
  refuse: (args, ctx) => refusePath(ctx, args.path) ?? (isRoot(ctx, args.path) ? ROOT_REFUSAL : null),
  summarize: (args) => args.path,
  async execute(args, ctx) {
    const abs = mustResolve(ctx, args.path);
    if (isRoot(ctx, args.path)) throw new Error(ROOT_REFUSAL);
    const link = ownLink(ctx, args.path);
    if (link) {
      unlinkSync(link);
      return `Deleted the symbolic link ${args.path} (what it pointed to is unchanged).`;
    }
    const st = statOrNull(abs);
    if (!st) throw new Error(`No file or folder at ${args.path}. Use file_list to see what exists.`);
    if (st.isDirectory()) {
      try {
        rmdirSync(abs);
      } catch {
        throw new Error(`${args.path} is a folder that is not empty. Delete the files inside it first (file_list ` +
            `shows them), then the folder.`);
      }
      return `Deleted the empty folder ${args.path}.`;
    }
    unlinkSync(abs);
    return `Deleted ${args.path}.`;
  },
});

const ROOT_REFUSAL = "The workspace folder itself can never be deleted. Name a file or folder inside it.";

function isRoot(ctx: ToolContext, path: string): boolean {
  try {
    return mustResolve(ctx, path) === realpathSync(ctx.workspace);
  } catch {
    return false;
  }
}

/** When the last component is itself a symlink, the link (inside the workspace) is what gets removed. */
function ownLink(ctx: ToolContext, path: string): string | null {
  const trimmed = path.replace(/\/+$/, "");
  const name = basename(trimmed);
  if (name === "" || name === "." || name === "..") return null;
  const candidate = join(mustResolve(ctx, dirname(trimmed)), name);
  try {
    return lstatSync(candidate).isSymbolicLink() ? candidate : null;
  } catch {
    return null;
  }
}
