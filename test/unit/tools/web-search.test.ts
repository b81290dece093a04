// web_search against a local fake of Brave Search's web endpoint: what is sent (query, count, the key in
// its header), how hits come back (numbered, plain text, http(s) only) and every failure as a sentence
// that never holds the key — even when the fake echoes it.
import { afterAll, describe, expect, test } from "bun:test";
import { readSearchResults } from "../../../src/models/web-results.ts";
import { parseToolArgs } from "../../../src/tools/define.ts";
import { WEB_SEARCH, webSearchTool } from "../../../src/tools/web-search.ts";
import { context, failure, run, tempDir } from "./helpers.ts";

const KEY = "BSA-web-search-key-0123456789";
const seen: { q: string | null; count: string | null; token: string | null; accept: string | null }[] = [];

const HITS = [
  { title: "Bun <strong>runtime</strong> &amp; toolkit", url: "https://bun.sh/", description: "Bun is a <strong>fast</strong> JavaScript&#x27;s runtime &quot;all-in-one&quot;" },
  { title: "Evil", url: "javascript:alert(1)", description: "dropped: not http(s)" },
  { title: "Multi\nline\n\n2. forged", url: "http://example.com/a b", description: "line one\n\nline two" },
  { title: `Echo ${KEY}`, url: "https://echo.example/", description: `the key was ${KEY}` },
];

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    const token = req.headers.get("x-subscription-token");
    seen.push({ q: url.searchParams.get("q"), count: url.searchParams.get("count"), token, accept: req.headers.get("accept") });
    if (url.pathname === "/slow") await Bun.sleep(2_000);
    if (url.pathname === "/limited") return Response.json({ error: `rate limited ${token}` }, { status: 429 });
    if (url.pathname === "/broken") return new Response(`not json ${token}`, { status: 200 });
    if (url.pathname === "/moved") return Response.redirect("http://127.0.0.1:1/", 302);
    if (url.pathname === "/down") return new Response("oops", { status: 503 });
    if (token !== KEY) return Response.json({ error: `bad key ${token}` }, { status: 401 });
    if (url.searchParams.get("q") === "nothing") return Response.json({ type: "search", query: { original: "nothing" } });
    return Response.json({ type: "search", web: { type: "search", results: HITS } });
  },
});
afterAll(() => server.stop(true));
const base = `http://127.0.0.1:${server.port}`;
const ctx = () => context(tempDir());
const tool = (path = "/res/v1/web/search", key = KEY, timeoutMs?: number) => webSearchTool(key, `${base}${path}`, timeoutMs);

describe("web_search", () => {
  test("is replay-safe, needs no approval, and summarises as its query", () => {
    const t = tool();
    expect(t.name).toBe(WEB_SEARCH);
    expect(t.replaySafe).toBe(true);
    expect(t.requiresApproval).toBe(false);
    expect(t.summarize?.({ query: "bun sqlite" } as never)).toBe("bun sqlite");
  });

  test("sends the query, the count and the key in X-Subscription-Token", async () => {
    seen.length = 0;
    await run(tool(), { query: "bun sqlite wal", count: 3 }, ctx());
    expect(seen).toEqual([{ q: "bun sqlite wal", count: "3", token: KEY, accept: "application/json" }]);
    await run(tool(), { query: "default count" }, ctx());
    expect(seen[1]!.count).toBe("5");
  });

  test("answers numbered hits in plain text: markup and entities gone, one line each, http(s) only", async () => {
    const out = await run(tool(), { query: "bun" }, ctx());
    expect(out).toBe([
      "Web search results for: bun",
      "1. Bun runtime & toolkit\n   https://bun.sh/\n   Bun is a fast JavaScript's runtime \"all-in-one\"",
      "2. Multi line 2. forged\n   http://example.com/a%20b\n   line one line two",
      "3. Echo [redacted]\n   https://echo.example/\n   the key was [redacted]",
    ].join("\n\n"));
    expect(out).not.toContain(KEY);
    expect(readSearchResults(out)?.hits.map((h) => h.url)).toEqual(["https://bun.sh/", "http://example.com/a%20b", "https://echo.example/"]);
  });

  test("count caps the hits even when the service sends more", async () => {
    const out = await run(tool(), { query: "bun", count: 1 }, ctx());
    expect(readSearchResults(out)?.hits).toHaveLength(1);
  });

  test("no results is a sentence, not an empty list", async () => {
    expect(await run(tool(), { query: "nothing" }, ctx())).toBe("No web results for: nothing");
  });

  test("bad arguments tell the model how to fix the call", () => {
    const t = tool();
    expect(parseToolArgs(t, JSON.stringify({ query: "  " })).ok).toBe(false);
    expect(parseToolArgs(t, JSON.stringify({ query: "x".repeat(401) })).ok).toBe(false);
    expect(parseToolArgs(t, JSON.stringify({ query: "x", count: 21 })).ok).toBe(false);
    expect(parseToolArgs(t, JSON.stringify({ query: "x", count: 20 })).ok).toBe(true);
  });

  test("a refused key, 429, 5xx, a redirect, bad JSON, a timeout and no server each end in a sentence without the key", async () => {
    const cases = [
      [await failure(tool("/res", "wrong-key-0123456789"), { query: "q" }, ctx()), /search key was refused \(HTTP 401\)/],
      [await failure(tool("/limited"), { query: "q" }, ctx()), /HTTP 429/],
      [await failure(tool("/down"), { query: "q" }, ctx()), /HTTP 503/],
      [await failure(tool("/moved"), { query: "q" }, ctx()), /HTTP 302/],
      [await failure(tool("/broken"), { query: "q" }, ctx()), /unexpected format/],
      [await failure(tool("/slow", KEY, 100), { query: "q" }, ctx()), /did not answer within 1 seconds/],
      [await failure(webSearchTool(KEY, "http://127.0.0.1:1/search"), { query: "q" }, ctx()), /could not be reached/],
    ] as const;
    for (const [message, pattern] of cases) {
      expect(message).toMatch(pattern);
      expect(message).not.toContain(KEY);
      expect(message).not.toContain("wrong-key");
      expect(message).not.toContain("127.0.0.1");
    }
  });

  test("stopping the turn aborts the request and rethrows the abort", async () => {
    const stop = new AbortController();
    const pending = run(tool("/slow"), { query: "q" }, context(tempDir(), { signal: stop.signal }));
    stop.abort();
    await expect(pending).rejects.toThrow();
  });
});
