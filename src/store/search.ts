// Full-text search over messages (K-14..K-16, G-11): one implementation for the human
// search endpoint and the agent-scoped conversation_search tool. Read-only.
// User text never reaches FTS5 syntax: every word is folded and quoted, so `"` or `AND(` cannot throw.
import { all, type Store } from "./db.ts";
import { HIT_CLOSE, HIT_OPEN, type SearchHit } from "../models/search.ts";

export type { SearchHit };

export interface SearchOptions {
  /** Only this agent's conversations (the conversation_search tool). */
  agentId?: string;
  limit?: number;
}

const MAX_TERMS = 16;
/** Words of context snippet() keeps around the match (FTS5 allows up to 64). */
const SNIPPET_WORDS = 24;
/** How many of the newest matching messages are ranked (a word in every message stays fast). */
export const POOL = 20_000;

// The newest POOL matches with their bm25 score. Across the crew the index alone answers; for one
// agent each match needs its message and conversation (about three times slower on a big home).
const CREW_POOL = `SELECT rowid AS id, bm25(messages_fts) AS score FROM messages_fts
  WHERE messages_fts MATCH $match ORDER BY rowid DESC LIMIT ${POOL}`;
const AGENT_POOL = `SELECT f.rowid AS id, bm25(messages_fts) AS score FROM messages_fts f
  JOIN messages m ON m.id = f.rowid JOIN conversations c ON c.id = m.conversation_id
  WHERE messages_fts MATCH $match AND c.agent_id = $agentId ORDER BY f.rowid DESC LIMIT ${POOL}`;

/**
 * Best matches first (bm25, ties newest first). Cost is bounded for words found everywhere: only the
 * newest POOL matching messages are ranked. Text shared by a fork and its origin (same role, content
 * and time) collapses to one hit attributed to the newer copy, the branch (K-13); copies rank equal,
 * so they sit together among the best. snippet() runs only for the hits returned: the outer query
 * probes the index by rowid (CROSS JOIN keeps `top` the outer loop).
 */
export function searchMessages(store: Store, query: string, opts: SearchOptions = {}): SearchHit[] {
  const match = toFtsQuery(query);
  if (!match) return [];
  const limit = opts.limit ?? 20;
  return all<SearchHit>(
    store,
    `WITH pool AS (${opts.agentId === undefined ? CREW_POOL : AGENT_POOL}),
     best AS (SELECT id, score FROM pool ORDER BY score, id DESC LIMIT $best),
     top AS (
       SELECT b.id, b.score,
         row_number() OVER (PARTITION BY m.role, m.content, m.created_at ORDER BY b.id DESC) AS copy
       FROM best b JOIN messages m ON m.id = b.id
     )
     SELECT m.id AS messageId, m.conversation_id AS conversationId, c.title AS conversationTitle,
       c.agent_id AS agentId, m.seq, m.role, m.created_at AS createdAt,
       snippet(messages_fts, 0, $open, $close, char(8230), ${SNIPPET_WORDS}) AS snippet
     FROM top t
     CROSS JOIN messages_fts f ON f.rowid = t.id
     JOIN messages m ON m.id = t.id
     JOIN conversations c ON c.id = m.conversation_id
     WHERE t.copy = 1 AND messages_fts MATCH $match
     ORDER BY t.score, t.id DESC LIMIT $limit`,
    { match, ...(opts.agentId === undefined ? {} : { agentId: opts.agentId }), limit, best: limit * 4,
      open: HIT_OPEN, close: HIT_CLOSE },
  );
}

/** The search of one agent's conversations only, as the conversation_search tool gets it (G-11). */
export function agentSearch(store: Store, agentId: string): (query: string, limit: number) => SearchHit[] {
  return (query, limit) => searchMessages(store, query, { agentId, limit });
}

/**
 * Turns free text into an FTS5 query: every word as a quoted phrase (implicit AND), after
 * the same d-stroke fold the index uses (K-15). Null when nothing searchable remains.
 */
export function toFtsQuery(query: string): string | null {
  const terms = foldDStroke(query)
    .split(/\s+/)
    .map((word) => word.replace(/"/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_TERMS);
  return terms.length ? terms.map((t) => `"${t}"`).join(" ") : null;
}

/** U+0111/U+0110 (d with stroke) to d/D, as the messages_fts triggers do. */
export function foldDStroke(text: string): string {
  return text.replace(/\u0111/g, "d").replace(/\u0110/g, "D");
}
