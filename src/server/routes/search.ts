// GET /api/messages/search (K-16, M-08): message content across the whole crew, best first, each hit
// with its conversation, its agent and a highlighted snippet. JSON for API clients; the sidebar's htmx
// request gets the "in content" fragment (views/search-hits.ts) from the same URL. Blank q: no hits.
import { Hono, type Context } from "hono";
import { searchHits, type ShownHit } from "../../../views/search-hits.ts";
import { QUERY_MAX, snippetHtml } from "../../models/search.ts";
import { searchMessages } from "../../store/search.ts";
import { TSearch } from "../../texts/vi-search.ts";
import { MASTER, type AppDeps } from "../deps.ts";

export const LIMIT_MAX = 50;
const LIMIT_DEFAULT = 20;

export function searchRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/search", (c) => {
    const q = c.req.query("q");
    if (q === undefined) return c.json({ detail: TSearch.queryMissing }, 400);
    if (q.length > QUERY_MAX) return c.json({ detail: TSearch.queryTooLong(QUERY_MAX) }, 400);
    const limit = readLimit(c.req.query("limit"));
    if (limit === null) return c.json({ detail: TSearch.badLimit(LIMIT_MAX) }, 400);
    const crew = d.crew();
    const hits: ShownHit[] = searchMessages(d.store, q, { limit })
      .map((h) => ({ ...h, agentName: crew.get(h.agentId)?.name ?? h.agentId }));
    if (fragmentWanted(c)) return noStore(c.html(searchHits(hits, MASTER)));
    return noStore(c.json({ query: q, results: hits.map(hitJson) }));
  });

  return app;
}

function hitJson(h: ShownHit) {
  return {
    message_id: h.messageId,
    conversation_id: h.conversationId,
    conversation_title: h.conversationTitle,
    agent_id: h.agentId,
    agent_name: h.agentName,
    seq: h.seq,
    role: h.role,
    created_at: h.createdAt,
    snippet_html: snippetHtml(h.snippet),
  };
}

/** Absent: the default; otherwise a whole number in 1…LIMIT_MAX, else null (refused). */
function readLimit(raw: string | undefined): number | null {
  if (raw === undefined) return LIMIT_DEFAULT;
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= 1 && n <= LIMIT_MAX ? n : null;
}

function fragmentWanted(c: Context): boolean {
  return c.req.header("hx-request") === "true";
}

function noStore(res: Response | Promise<Response>): Promise<Response> {
  return Promise.resolve(res).then((r) => {
    r.headers.set("cache-control", "no-store");
    return r;
  });
}
