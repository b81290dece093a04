// memory_search (G-12, C-25): the best matching lines of the memory files, the owner's facts and the
// calling agent's own, folded like search so a query without diacritics finds words written with them.
// Read-only, so replay-safe.
import { z } from "zod";
import { defineTool } from "./define.ts";
import { bookOf } from "./memory-book.ts";

const params = z.object({
  query: z.string().trim().min(1).max(200).describe("Words to look for; case and diacritics do not matter."),
  scope: z
    .enum(["user", "agent"])
    .optional()
    .describe("user: only the owner's facts; agent: only your own memory; leave out for both."),
});

export const memorySearch = defineTool({
  name: "memory_search",
  description:
    "Search memory (main files and dated notes) for lines matching words, best first. Use it before " +
    "asking the owner something they may have told the crew already.",
  params,
  requiresApproval: false,
  replaySafe: true,
  summarize: (a) => a.query,
  async execute(args, ctx) {
    const hits = await bookOf(ctx).search(args.query, args.scope ?? null);
    if (hits.length === 0) return `No memory line matches "${args.query}".`;
    return hits.map((h) => `${h.path}: ${h.line}`).join("\n");
  },
});
