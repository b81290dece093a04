// Brave Search's web endpoint, as both web_search and the Connections live check call it: one GET with
// the key in X-Subscription-Token, answered by JSON whose `web.results` are the hits. The endpoint can be
// pointed elsewhere (BRAVE_SEARCH_URL: tests, a proxy); the key only ever goes to that one address.
import { oneLineText, webUrl, type SearchHit } from "../models/web-results.ts";

/** The search key's env var, set in Connections (the search key row). */
export const SEARCH_KEY = "BRAVE_API_KEY";
export const SEARCH_URL = "BRAVE_SEARCH_URL";
export const SEARCH_URL_DEFAULT = "https://api.search.brave.com/res/v1/web/search";
/** Brave's own limits on one query. */
export const QUERY_MAX_CHARS = 400;
export const COUNT_MAX = 20;

type Env = Record<string, string | undefined>;

export function searchEndpoint(env: Env): string {
  return env[SEARCH_URL]?.trim() || SEARCH_URL_DEFAULT;
}

export function braveRequest(endpoint: string, key: string, query: string, count: number) {
  const url = new URL(endpoint);
  url.searchParams.set("q", query);
  url.searchParams.set("count", String(count));
  return { url: url.href, headers: { accept: "application/json", "x-subscription-token": key } };
}

/** The hits of a Brave answer, as plain text; null when the answer is not Brave's shape. */
export function braveHits(body: unknown): SearchHit[] | null {
  if (typeof body !== "object" || body === null) return null;
  const web = (body as { web?: { results?: unknown } }).web;
  // An answer with no `web` block is Brave's way of saying "nothing found".
  if (web === undefined) return "type" in body ? [] : null;
  if (!Array.isArray(web?.results)) return null;
  return web.results.flatMap((r: { title?: unknown; url?: unknown; description?: unknown }) => {
    const url = typeof r?.url === "string" ? webUrl(r.url) : null;
    if (!url) return [];
    return [{ title: plain(r.title), url, snippet: plain(r.description) }];
  });
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Brave marks matches with <strong> and escapes text as HTML: the model and the card get plain text. */
function plain(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = value.replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? all;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
  return oneLineText(text);
}
