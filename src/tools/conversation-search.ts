// conversation_search (G-11, H-13): full-text search over the calling agent's own past conversations,
// through the same module as GET /api/messages/search. The turn host hands the search in, already scoped
// to the agent (tools never touch the store); read-only, so it never asks and may run again after a restart.
import { z } from "zod";
import { QUERY_MAX, snippetText, type SearchHit } from "../models/search.ts";
import { defineTool } from "./define.ts";

/** Searches the calling agent's conversations only: best first, at most `limit` hits. */
export type PastMessageSearch = (query: string, limit: number) => SearchHit[];

const LIMIT_DEFAULT = 10;

const params = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(QUERY_MAX)
    .describe(
      "Words to look for in your past messages (all must occur). Matching ignores diacritics (Vietnamese " +
        "tone marks and the d with stroke), so words typed without them still match. No operators: quotes, " +
        "AND/OR and * are plain text.",
    ),
  limit: z.number().int().min(1).max(20).optional().describe(`How many hits at most (default ${LIMIT_DEFAULT}).`),
});

export const conversationSearch = defineTool({
  name: "conversation_search",
  description:
    "Search the messages of your own past conversations (yours and the people's, and tool results) " +
    "when you need something said or found earlier. Each hit names its conversation, role and time, " +
    "with the matched words in [brackets].",
  params,
  requiresApproval: false,
  replaySafe: true,
  summarize: (args) => args.query,
  async execute(args, ctx) {
    if (!ctx.pastMessages) throw new Error("conversation_search is not available in this turn.");
    const hits = ctx.pastMessages(args.query, args.limit ?? LIMIT_DEFAULT);
    if (hits.length === 0) return `No past messages match "${args.query}". Try fewer or other words.`;
    return [`Past messages matching "${args.query}", best first:`, ...hits.map(hitLine)].join("\n\n");
  },
});

function hitLine(h: SearchHit, i: number): string {
  const title = h.conversationTitle ? `"${h.conversationTitle}"` : "(untitled)";
  const here = `${title} (conversation ${h.conversationId}, message ${h.seq})`;
  return `${i + 1}. ${here}, ${h.role}, ${h.createdAt}:\n   ${snippetText(h.snippet)}`;
}
