// What a message search answers (K-16, G-11), and how its highlight is shown. The store marks the
// words that matched with two control characters; a reader turns them into <mark> (the web, after
// escaping every character of the text) or into plain brackets (the conversation_search tool).
import type { Role } from "./messages.ts";

export interface SearchHit {
  messageId: number;
  conversationId: string;
  conversationTitle: string;
  agentId: string;
  seq: number;
  role: Role;
  createdAt: string;
  /** Up to ~24 words around the match, each matched word between HIT_OPEN and HIT_CLOSE. */
  snippet: string;
}

/** The longest query the search takes (the sidebar's box cannot hold more; the API refuses more). */
export const QUERY_MAX = 500;

/** STX and ETX: never typed, and stripped from the text around them (see the readers below). */
export const HIT_OPEN = "\u0002";
export const HIT_CLOSE = "\u0003";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The snippet as HTML that is safe to insert: the text is escaped character by character and the only
 * elements are our own <mark>s, always balanced, whatever markers the stored text itself carried.
 */
export function snippetHtml(snippet: string): string {
  let out = "";
  let open = false;
  for (const ch of snippet) {
    if (ch === HIT_OPEN || ch === HIT_CLOSE) {
      const want = ch === HIT_OPEN;
      if (want !== open) out += want ? "<mark>" : "</mark>";
      open = want;
    } else out += ESCAPES[ch] ?? ch;
  }
  return open ? `${out}</mark>` : out;
}

/** The snippet on one line for a model, matched words in [brackets]. */
export function snippetText(snippet: string): string {
  return snippet.replaceAll(HIT_OPEN, "[").replaceAll(HIT_CLOSE, "]").replace(/\s+/g, " ").trim();
}
