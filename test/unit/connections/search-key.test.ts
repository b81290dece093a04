// The search key in Connections (H-12, O-13): its catalogue rows, its live check against a local fake of
// Brave Search (ok / refused / unreachable, never the key), and web_search offered exactly while the key
// is set — a save in Connections rebuilds the crew, so the next turn has it.
import { afterAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { catalogueRow, type CatalogueRow, type LiveCheck } from "../../../src/connections/catalogue.ts";
import { runCheck } from "../../../src/connections/check.ts";
import { saveConnections } from "../../../src/connections/save.ts";
import { connectionsStatus } from "../../../src/connections/status.ts";
import { connectionRoutes } from "../../../src/server/routes/connections.ts";
import { T } from "../../../src/texts/vi.ts";
import { CONN_LABELS } from "../../../src/texts/vi-connections.ts";
import { SEARCH_URL_DEFAULT } from "../../../src/tools/brave-search.ts";
import { WEB_SEARCH } from "../../../src/tools/web-search.ts";
import { connectionsFixture } from "./fixture.ts";

const KEY = "BSA-check-key-0123456789";
const asked: { q: string | null; token: string | null }[] = [];
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const url = new URL(req.url);
    const token = req.headers.get("x-subscription-token");
    asked.push({ q: url.searchParams.get("q"), token });
    if (url.pathname === "/limited") return Response.json({ error: "quota" }, { status: 429 });
    // Like some real APIs, the refusal quotes what it was given.
    if (token !== KEY) return Response.json({ error: `bad key ${token}` }, { status: 401 });
    return Response.json({ type: "search", web: { results: [{ title: "t", url: "https://a.example/", description: "d" }] } });
  },
});
afterAll(() => server.stop(true));
const endpoint = `http://127.0.0.1:${server.port}/res/v1/web/search`;
const row = () => catalogueRow("BRAVE_API_KEY") as CatalogueRow & { check: LiveCheck };
const toolNames = (deps: { crew: () => { get(id: string): { tools: { name: string }[] } | undefined } }, id = "default") =>
  deps.crew().get(id)!.tools.map((t) => t.name);

describe("the search key in the catalogue", () => {
  test("BRAVE_API_KEY is a secret of the search group with a live check; BRAVE_SEARCH_URL its endpoint", () => {
    expect(row()).toMatchObject({ group: "search", kind: "secret", desc: "searchKey", check: { kind: "search" } });
    expect(catalogueRow("BRAVE_SEARCH_URL")).toMatchObject({ group: "search", kind: "url", default: SEARCH_URL_DEFAULT });
    expect(CONN_LABELS.searchKey!()).toContain("Khoá tìm kiếm");
  });

  test("the status lists the key as set or not, never its value, and offers the check", async () => {
    const f = await connectionsFixture({ BRAVE_API_KEY: KEY });
    const status = connectionsStatus(f.deps);
    expect(status.rows.find((r) => r.name === "BRAVE_API_KEY")).toMatchObject({ set: true, check: true });
    expect(JSON.stringify(status)).not.toContain(KEY);
  });
});

describe("the search key's live check", () => {
  test("a working key searches for one word and says so", async () => {
    asked.length = 0;
    const r = await runCheck(row(), { BRAVE_API_KEY: KEY, BRAVE_SEARCH_URL: endpoint });
    expect(r).toEqual({ ok: true, detail: T.conn.checkSearch(1) });
    expect(asked).toEqual([{ q: "test", token: KEY }]);
  });

  test("a refused key, a used-up quota, no server and no key fail with a sentence that never holds the key", async () => {
    const bad = await runCheck(row(), { BRAVE_API_KEY: `${KEY}-wrong`, BRAVE_SEARCH_URL: endpoint });
    expect(bad).toEqual({ ok: false, detail: T.conn.checkRejected(401) });
    const limited = await runCheck(row(), { BRAVE_API_KEY: KEY, BRAVE_SEARCH_URL: endpoint.replace("/res/v1/web/search", "/limited") });
    expect(limited).toEqual({ ok: false, detail: T.conn.checkQuota });
    const down = await runCheck(row(), { BRAVE_API_KEY: KEY, BRAVE_SEARCH_URL: "http://127.0.0.1:1/search" });
    expect(down).toEqual({ ok: false, detail: T.conn.checkUnreachable("127.0.0.1:1") });
    expect(await runCheck(row(), {})).toEqual({ ok: false, detail: T.conn.checkNotSet("BRAVE_API_KEY") });
    for (const r of [bad, limited, down]) expect(r.detail).not.toContain(KEY);
  });
});

describe("web_search is offered only with a key", () => {
  test("no key: no agent has web_search; a save adds it from the next turn, a removal takes it away", async () => {
    const f = await connectionsFixture({}, { default: {}, helper: { tools: ["file_read", WEB_SEARCH] } });
    expect(toolNames(f.deps)).not.toContain(WEB_SEARCH);
    // tool_script comes with any script-callable tool, whatever the allow-list says (H-27).
    expect(toolNames(f.deps, "helper")).toEqual(["file_read", "tool_script"]);
    expect((await saveConnections(f.deps, { BRAVE_API_KEY: KEY })).ok).toBe(true);
    expect(toolNames(f.deps)).toContain(WEB_SEARCH);
    expect(toolNames(f.deps, "helper")).toEqual(["file_read", WEB_SEARCH, "tool_script"]);
    expect(f.logs.join("\n")).not.toContain(KEY);
    expect((await saveConnections(f.deps, { BRAVE_API_KEY: null })).ok).toBe(true);
    expect(toolNames(f.deps)).not.toContain(WEB_SEARCH);
  });

  test("an allow-list without web_search keeps it out even with a key", async () => {
    const f = await connectionsFixture({ BRAVE_API_KEY: KEY }, { default: {}, reader: { tools: ["file_read"] } });
    expect(toolNames(f.deps)).toContain(WEB_SEARCH);
    expect(toolNames(f.deps, "reader")).toEqual(["file_read", "tool_script"]);
  });

  test("the offered tool searches the endpoint the env names, with the saved key", async () => {
    const f = await connectionsFixture({ BRAVE_API_KEY: KEY, BRAVE_SEARCH_URL: endpoint });
    const tool = f.deps.crew().get("default")!.tools.find((t) => t.name === WEB_SEARCH)!;
    const signal = new AbortController().signal;
    const out = await tool.execute({ query: "hello" }, { workspace: f.root, signal, agentId: "default", conversationId: null });
    expect(out).toContain("1. t\n   https://a.example/");
  });
});

describe("the search key on the page", () => {
  test("saved from the form, it gets a check button whose answer is one line without the key", async () => {
    const f = await connectionsFixture({ BRAVE_SEARCH_URL: endpoint });
    const app = new Hono().route("/api/connections", connectionRoutes(f.deps));
    const htmx = { "hx-request": "true" };
    const before = await (await app.request("/api/connections", { headers: htmx })).text();
    expect(before).not.toContain('hx-post="/api/connections/check/BRAVE_API_KEY"');
    const body = new URLSearchParams({ name: "BRAVE_API_KEY", value: KEY });
    const saved = await app.request("/api/connections", { method: "PUT", body, headers: htmx });
    expect(saved.status).toBe(200);
    const page = await saved.text();
    expect(page).toContain('hx-post="/api/connections/check/BRAVE_API_KEY"');
    expect(page).not.toContain(KEY);
    expect(toolNames(f.deps)).toContain(WEB_SEARCH);
    const check = await app.request("/api/connections/check/BRAVE_API_KEY", { method: "POST", headers: htmx });
    const line = await check.text();
    expect(line).toContain(T.conn.checkSearch(1));
    expect(line).not.toContain(KEY);
    const json = await app.request("/api/connections/check/BRAVE_API_KEY", { method: "POST" });
    expect(await json.json()).toEqual({ ok: true, detail: T.conn.checkSearch(1) });
  });
});
