// Full-text search over messages (K-14..K-16, G-11): one implementation for the human
// search endpoint and the agent-scoped conversation_search tool. Read-only.
// User text never reaches FTS5 syntax: every word is folded and quoted, so `"` or `AND(` cannot throw.
import { all, type Store } from "./db.ts";
import type { Role } from "./messages.ts";

export interface SearchHit {
  messageId: number;
  conversationId: string;
  conversationTitle: string;
  agentId: string;
  seq: number;
  role: Role;
  content: string;
  createdAt: string;
}

export interface SearchOptions {
  /** Only this agent's conversations (the conversation_search tool). */
  agentId?: string;
  limit?: number;
}

const MAX_TERMS = 16;

/**
 * Best matches first. Text shared by a fork and its origin (same role, content and time)
 * collapses to one hit attributed to the newer copy, the branch (K-13).
 */
export function searchMessages(store: Store, query: string, opts: SearchOptions = {}): SearchHit[] {
  const match = toFtsQuery(query);
  if (!match) return [];
  return all<SearchHit>(
    store,
    `WITH hits AS (
       SELECT m.id AS messageId, m.conversation_id AS conversationId, c.title AS conversationTitle,
         c.agent_id AS agentId, m.seq, m.role, m.content, m.created_at AS createdAt, f.rank AS rank,
         row_number() OVER (PARTITION BY m.role, m.content, m.created_at ORDER BY m.id DESC) AS copy
       FROM messages_fts f
       JOIN messages m ON m.id = f.rowid
       JOIN conversations c ON c.id = m.conversation_id
       WHERE messages_fts MATCH $match AND ($agentId IS NULL OR c.agent_id = $agentId)
     )
     SELECT messageId, conversationId, conversationTitle, agentId, seq, role, content, createdAt
     FROM hits WHERE copy = 1 ORDER BY rank, messageId DESC LIMIT $limit`,
    { match, agentId: opts.agentId ?? null, limit: opts.limit ?? 20 },
  );
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
