// file_read: a window of a text file in the workspace, numbered by line, small enough to stay under
// the default tool_output_chars (12,000) so the model sees the exact text, never a summary of it.
import { z } from "zod";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { readTextFile } from "./text-files.ts";

export const READ_DEFAULT_LINES = 500;
export const READ_MAX_LINES = 2000;
/** Output budget for one call; the rest is reached with `offset`. */
export const READ_MAX_CHARS = 10_000;
const LINE_MAX_CHARS = 2000;

const params = z.object({
  path: z
    .string()
    .min(1)
    .describe('Path of the file, relative to the workspace root (for example "notes/todo.md"). Absolute paths must ' +
        'lie inside the workspace.'),
  offset: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Line number to start from (1 = the first line). Use the number a previous result told you, to " +
        "continue a long file."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(READ_MAX_LINES)
    .optional()
    .describe(`How many lines to return at most (default ${READ_DEFAULT_LINES}, at most ${READ_MAX_LINES}).`),
});

export const fileRead = defineTool({
  name: "file_read",
  description:
    "Read a text file from your workspace. Each line of the result starts with its line number and a tab; that " +
        "prefix is not part of the file (leave it out when you copy text into file_edit). Long files come in " +
        "windows: the result says how to continue. Binary files (images, PDFs, archives) are refused.",
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => args.path,
  async execute(args, ctx) {
    const text = readTextFile(mustResolve(ctx, args.path), args.path);
    if (text.length === 0) return `${args.path} is empty.`;
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    const first = args.offset ?? 1;
    if (first > lines.length) {
      throw new Error(`offset ${first} is past the end of ${args.path}, which has ${lines.length} lines. Use an ` +
          `offset between 1 and ${lines.length}.`);
    }
    const wanted = args.limit ?? READ_DEFAULT_LINES;
    const out: string[] = [];
    let chars = 0;
    let n = first;
    for (; n <= lines.length && n < first + wanted; n++) {
      const line = numbered(n, lines[n - 1].replace(/\r$/, ""));
      if (out.length > 0 && chars + line.length + 1 > READ_MAX_CHARS) break;
      out.push(line);
      chars += line.length + 1;
    }
    const last = n - 1;
    if (last < lines.length) {
      out.push(`[Showing lines ${first}-${last} of ${lines.length}. Call file_read with offset=${last + 1} to ` +
          `continue.]`);
    }
    return out.join("\n");
  },
});

function numbered(n: number, line: string): string {
  const body = line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS)}… [line cut at ${LINE_MAX_CHARS} of ` +
      `${line.length} characters]` : line;
  return `${n}\t${body}`;
}
