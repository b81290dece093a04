// The text shapes of the web tools' results, read back by the chat's compact cards (M-18): web_search
// writes a numbered list (title, URL, snippet), fetch_url a `# title`, `URL:` and Markdown body. Both
// sides use this one module; a reader that meets any other shape returns null (the generic card).

export type SearchHit = { title: string; url: string; snippet: string };
export type SearchResults = { query: string; hits: SearchHit[] };
export type FetchedPage = { title: string; url: string; body: string };

const SEARCH_HEAD = "Web search results for: ";
const INDENT = "   ";

/** One line, whitespace collapsed: a title or snippet can never start a new block of the list. */
export function oneLineText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** An http(s) URL, normalised, or null: nothing else is ever listed or linked. */
export function webUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export function searchResultsText(r: SearchResults): string {
  const blocks = r.hits.map((h, i) => {
    const lines = [`${i + 1}. ${oneLineText(h.title) || h.url}`, `${INDENT}${h.url}`];
    const snippet = oneLineText(h.snippet);
    return (snippet ? [...lines, `${INDENT}${snippet}`] : lines).join("\n");
  });
  return [`${SEARCH_HEAD}${oneLineText(r.query)}`, ...blocks].join("\n\n");
}

export function readSearchResults(text: string): SearchResults | null {
  const [head, ...blocks] = text.split("\n\n");
  if (!head?.startsWith(SEARCH_HEAD) || head.includes("\n") || blocks.length === 0) return null;
  const hits: SearchHit[] = [];
  for (const [i, block] of blocks.entries()) {
    const [first, second, third, ...extra] = block.split("\n");
    const title = new RegExp(`^${i + 1}\\. (.+)$`).exec(first ?? "")?.[1];
    const url = second?.startsWith(INDENT) ? webUrl(second.slice(INDENT.length)) : null;
    if (!title || !url || extra.length > 0 || (third !== undefined && !third.startsWith(INDENT))) return null;
    hits.push({ title, url, snippet: third?.slice(INDENT.length) ?? "" });
  }
  return { query: head.slice(SEARCH_HEAD.length), hits };
}

/**
 * fetch_url's result (src/tools/fetch-url.ts): `Source: <final url>` (maybe "(redirected from …)"), notes in
 * brackets or the HTTP status on the next lines, a blank line, then the page as Markdown whose first line is
 * `# <title>` when the page has one. Anything else is not a fetched page (an error, a saved file).
 */
export function readFetchedPage(text: string): FetchedPage | null {
  const split = text.indexOf("\n\n");
  if (split < 0) return null;
  const [first, ...notes] = text.slice(0, split).split("\n");
  const m = /^Source: (\S+)(?: \(redirected from \S+\))?$/.exec(first ?? "");
  const url = m ? webUrl(m[1]!) : null;
  if (!url || notes.some((n) => !/^(\[[^\n]*\]|The server answered HTTP \d{3}\.)$/.test(n))) return null;
  const body = text.slice(split + 2);
  const heading = /^# ([^\n]+)\n+/.exec(body);
  if (!heading) return { title: new URL(url).host, url, body };
  return { title: heading[1]!.trim(), url, body: body.slice(heading[0].length) };
}
