// file_edit: exact string replacement in a workspace text file. The match must be unique unless
// replace_all is set, so an edit never lands on the wrong one of two similar passages.
import { writeFileSync } from "node:fs";
import { z } from "zod";
import { defineTool } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { readTextFile } from "./text-files.ts";
import { occurrences, replaceText } from "./text-replace.ts";

const params = z.object({
  path: z.string().min(1).describe('Path of the file to change, relative to the workspace root (for example ' +
      '"notes/todo.md").'),
  old_string: z
    .string()
    .describe(
      "The exact text to replace, copied from the file including whitespace and indentation, without the line-number " +
          "prefixes file_read shows. It must occur exactly once unless replace_all is true: include a few " +
          "surrounding lines to make it unique.",
    ),
  new_string: z.string().describe("The text to put in its place (may be empty to delete old_string)."),
  replace_all: z.boolean().optional().describe("Replace every occurrence of old_string instead of exactly one " +
      "(default false)."),
});

export const fileEdit = defineTool({
  name: "file_edit",
  description:
    "Change part of a text file in your workspace by replacing an exact piece of text. Read the file first with " +
        "file_read. To create a file or rewrite it entirely, use file_write. Asks the owner for approval unless the " +
        "conversation is autonomous.",
  params,
  requiresApproval: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => args.path,
  async execute(args, ctx) {
    const abs = mustResolve(ctx, args.path);
    if (args.old_string === "") {
      throw new Error(`old_string is empty. Copy the exact text to replace from ${args.path}; to create a file or ` +
          `replace all of it, use file_write.`);
    }
    if (args.old_string === args.new_string) {
      throw new Error("old_string and new_string are identical, so nothing would change. Send the text as it should " +
          "read after the edit in new_string.");
    }
    const text = readTextFile(abs, args.path);
    let [from, to] = [args.old_string, args.new_string];
    let count = occurrences(text, from);
    if (count === 0 && text.includes("\r\n") && from.includes("\n") && !from.includes("\r")) {
      // The file uses CRLF while the model sent LF (file_read shows lines without the \r).
      [from, to] = [from.replace(/\n/g, "\r\n"), to.replace(/\r?\n/g, "\r\n")];
      count = occurrences(text, from);
    }
    if (count === 0) {
      throw new Error(
        `old_string was not found in ${args.path}. Read the file again with file_read and copy the text exactly, ` +
            `including whitespace and indentation, without the line-number prefixes.`,
      );
    }
    if (count > 1 && !args.replace_all) {
      throw new Error(
        `old_string occurs ${count} times in ${args.path}, so the edit is ambiguous. Include more surrounding lines ` +
            `in old_string so that it matches exactly once, or set replace_all to true to change every occurrence.`,
      );
    }
    const next = replaceText(text, from, to, args.replace_all);
    writeFileSync(abs, next);
    return `Replaced ${count === 1 ? "1 occurrence" : `${count} occurrences`} in ${args.path}.`;
  },
});
