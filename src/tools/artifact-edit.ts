// artifact_edit (H-60): exact text replacement in a canvas's latest version, whoever wrote it, as a new
// version. Never asks (history makes it reversible, D-21); refused in inbound turns (H-61).
import { z } from "zod";
import { canvasLine, missing, port, refuseWrite } from "./artifact-port.ts";
import { canvasId } from "./artifact-read.ts";
import { canvasTitle } from "./artifact-write.ts";
import { defineTool } from "./define.ts";
import { occurrences, replaceText } from "./text-replace.ts";

const params = z.object({
  id: canvasId,
  old_string: z
    .string()
    .min(1)
    .describe("The exact text to replace, copied from artifact_read. It must occur exactly once unless " +
      "replace_all is true: include some surrounding text to make it unique."),
  new_string: z.string().describe("The text to put in its place (may be empty to delete old_string)."),
  replace_all: z.boolean().optional().describe("Replace every occurrence instead of exactly one (default false)."),
  title: canvasTitle.optional().describe("A new title (default: keep it)."),
});

export const artifactEdit = defineTool({
  name: "artifact_edit",
  description:
    "Change part of a canvas by replacing an exact piece of its latest text; the result is a new version. " +
    "Read it first with artifact_read: the owner may have edited it.",
  params,
  requiresApproval: false,
  refuse: (_args, ctx) => refuseWrite(ctx),
  summarize: (args) => args.id,
  async execute(args, ctx) {
    let replaced = 0;
    const written = port(ctx).write(args.id, (latest, canvas) => {
      if (canvas.kind === "image") throw new Error(`Canvas ${args.id} is an image; it has no text to edit.`);
      const count = occurrences(latest.content, args.old_string);
      if (count === 0) {
        throw new Error(`old_string does not occur in version ${latest.version} of canvas ${args.id}. Read it again ` +
          "with artifact_read and copy the text exactly.");
      }
      if (count > 1 && !args.replace_all) {
        throw new Error(`old_string occurs ${count} times in canvas ${args.id}. Include more surrounding text to ` +
          "make it unique, or set replace_all.");
      }
      replaced = args.replace_all ? count : 1;
      return replaceText(latest.content, args.old_string, args.new_string, args.replace_all);
    }, args.title);
    if (!written) throw missing(args.id);
    const times = replaced === 1 ? "1 replacement" : `${replaced} replacements`;
    return `Edited canvas ${canvasLine(written.canvas)}: ${times}.`;
  },
});
