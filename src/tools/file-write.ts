// file_write: creates or replaces a whole text file in the workspace (parent folders included).
// State-changing, so it asks unless the conversation or agent is autonomous (D-02).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { statOrNull } from "./text-files.ts";

const params = z.object({
  path: z
    .string()
    .min(1)
    .describe('Path of the file to write, relative to the workspace root (for example "notes/todo.md"). Missing ' +
        'folders are created.'),
  content: z.string().describe("The complete new content of the file. It replaces everything the file held before."),
});

export const fileWrite = defineTool({
  name: "file_write",
  description:
    "Create a text file in your workspace, or replace an existing file's whole content. To change part of an " +
        "existing file, prefer file_edit. Asks the owner for approval unless the conversation is autonomous.",
  params,
  requiresApproval: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => args.path,
  async execute(args, ctx) {
    const abs = mustResolve(ctx, args.path);
    const before = statOrNull(abs);
    if (before?.isDirectory()) {
      throw new Error(`${args.path} is a directory. Choose a file path inside it, such as ` +
          `"${args.path.replace(/\/+$/, "")}/notes.md".`);
    }
    try {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, args.content);
    } catch (e) {
      throw new Error(`Could not write ${args.path}: ${(e as Error).message}. Check that no file sits where a folder ` +
          `of the path should be.`);
    }
    const bytes = Buffer.byteLength(args.content);
    return `${before ? "Replaced" : "Created"} ${args.path} (${bytes} bytes).`;
  },
});
