// memory_read (G-12, C-25): the main memory file of a scope (USER.md, the agent's MEMORY.md) or one day's
// notes. Read-only, so replay-safe and never asks.
import { z } from "zod";
import { defineTool } from "./define.ts";
import { bookOf } from "./memory-book.ts";

/** How many note dates a read lists: enough to pick a recent day without flooding the result. */
const DATES_SHOWN = 14;

const params = z.object({
  scope: z.enum(["user", "agent"]).describe("user: what the crew knows about the owner; agent: your own memory."),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "use YYYY-MM-DD" })
    .optional()
    .describe("A day (YYYY-MM-DD) to read that day's notes; leave out to read the main memory file."),
});

export const memoryRead = defineTool({
  name: "memory_read",
  description:
    "Read memory: the main file of a scope (the owner's facts, or your MEMORY.md), or the notes of one day. " +
    "The result lists the days that have notes.",
  params,
  requiresApproval: false,
  replaySafe: true,
  summarize: (a) => `${a.scope}${a.date ? ` ${a.date}` : ""}`,
  async execute(args, ctx) {
    const { path, text, dates } = await bookOf(ctx).read(args.scope, args.date ?? null);
    const days = dates.length > 0 ? dates.slice(-DATES_SHOWN).join(", ") : "none";
    return `${path}:\n${text.trim() === "" ? "(empty)" : text.trimEnd()}\n\nDays with notes: ${days}`;
  },
});
