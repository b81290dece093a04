// progress_note: a short line for whoever watches the turn (web, Telegram) while a long task runs
// (H-05). It changes nothing, so running it again after a restart is harmless (replay-safe, C-25).
import { z } from "zod";
import { defineTool } from "./define.ts";

export const PROGRESS_MAX_CHARS = 500;

const params = z.object({
  text: z
    .string()
    .trim()
    .min(1)
    .max(PROGRESS_MAX_CHARS)
    .describe(`One short sentence on what you have done or are about to do, written to the person (at most ` +
        `${PROGRESS_MAX_CHARS} characters).`),
});

export const progressNote = defineTool({
  name: "progress_note",
  description:
    "Tell the person watching how a longer task is going, without ending your turn (for example \"Read 3 of 5 " +
        "reports; now comparing totals.\"). Use it between long steps, not for every call.",
  params,
  requiresApproval: false,
  replaySafe: true,
  summarize: (args) => args.text,
  async execute(args, ctx) {
    ctx.progress?.(args.text);
    return "noted";
  },
});
