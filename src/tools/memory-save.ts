// memory_save (G-02, G-03, H-13): one note, appended to today's notes of a scope. An interactive turn writes
// at once; a job's turn, which nobody watches, makes a proposal the owner accepts or rejects instead.
import { z } from "zod";
import { defineTool } from "./define.ts";
import { bookOf } from "./memory-book.ts";

export const MEMORY_SAVE = "memory_save";

const params = z.object({
  scope: z
    .enum(["user", "agent"])
    .describe(
      "user: a lasting fact about the owner (preferences, situation, plans), known to every agent of the crew. " +
        "agent: a note about your own work that only you need.",
    ),
  text: z.string().trim().min(1).max(1_000).describe("The note, one self-contained sentence or two."),
});

export const memorySave = defineTool({
  name: MEMORY_SAVE,
  description:
    "Save a note to memory, to today's notes of the chosen scope. Save what will still matter in later " +
    "conversations, not what this conversation already holds. Saved notes appear from your next turn.",
  params,
  requiresApproval: false,
  summarize: (a) => `${a.scope}: ${a.text}`,
  async execute(args, ctx) {
    const outcome = await bookOf(ctx).save(args.scope, args.text);
    if (outcome.kind === "saved") return `Saved to ${outcome.path}.`;
    return `Not saved yet: this turn runs unattended (a scheduled job), so the note became proposal ` +
      `#${outcome.id}, which the owner accepts or rejects in Manage → Memory. Do not save it again.`;
  },
});
