// The web tools' compact cards in Chromium (issue 16): a web_search run for real against a local fake of
// Brave Search, and a fetch_url result in the agreed shape (`# title`, `URL:`, body; a stand-in tool
// gives it, as fetch_url lives in its own module), both with XSS payloads in every slot. Live and
// reloaded from the store, each card is compact — linked title, host, snippet or collapsed body, no
// favicon, no arguments block — and inert: no canary request, no dialog, no active markup.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { z } from "zod";
import { defineTool } from "../../src/tools/define.ts";
import { testApp } from "../helpers/app.ts";
import { launch, withPage } from "../helpers/browser.ts";
import type { Running } from "../helpers/binary.ts";
import { newConversation, openChat, send, waitIdle, type Setup } from "../helpers/chat-page.ts";
import { expectInert, rendered, watch } from "../helpers/inert-check.ts";
import { PAYLOADS } from "../helpers/xss-payloads.ts";
import { PATIENCE } from "../helpers/wait.ts";

setDefaultTimeout(120_000);
const KEY = "BSA-browser-key-0123456789";
const SOME = [0, 1, 2, 20, 21, 31, 32, 36, 41, 44].map((i) => PAYLOADS[i]!);
const PAGE_URL = "https://docs.example/guide?a=1&b=2";

// Brave's answer: the payloads as titles and snippets, HTML-escaped and with <strong> marks as Brave
// sends them (so the tool hands the card the payloads themselves), each URL carrying a payload in its
// query, and a javascript: hit the tool drops.
const escaped = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const hitUrl = (i: number) => new URL(`https://site${i}.example/p?q=${encodeURIComponent(SOME[i]!)}`).href;
const brave = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    if (req.headers.get("x-subscription-token") !== KEY) return new Response("no", { status: 401 });
    const results = SOME.map((p, i) => ({ title: `<strong>${i}</strong> ${escaped(p)}`, url: hitUrl(i), description: escaped(p) }));
    results.push({ title: "dropped", url: "javascript:alert(1)", description: "x" });
    return Response.json({ type: "search", web: { results } });
  },
});

let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
const s = {} as Setup;

beforeAll(async () => {
  const t = await testApp([], { BRAVE_API_KEY: KEY, BRAVE_SEARCH_URL: `http://127.0.0.1:${brave.port}/res/v1/web/search` });
  const agent = t.runtime.crew().get("default")!;
  const page = `Source: ${PAGE_URL}\n\n# ${SOME[0]} Guide\n\n## Install\n\n${SOME.join("\n\n")}`;
  const fetchUrl = defineTool({
    name: "fetch_url", description: "stand-in", params: z.object({ url: z.string() }), requiresApproval: false,
    replaySafe: true, summarize: (a) => a.url, execute: async () => page,
  });
  agent.tools = [...agent.tools.filter((x) => x.name !== "fetch_url"), fetchUrl];
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 120, fetch: (req) => t.app.fetch(req) });
  s.server = { url: `http://127.0.0.1:${server.port}` } as Running;
  browser = s.browser = await launch();
});
afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    server?.stop(true);
    brave.stop(true);
  }
});

/** What a person sees of the two cards: links, hosts, snippets, the body's disclosure, and nothing else. */
async function cards(page: Page) {
  return page.evaluate(() => {
    const search = document.querySelector('#thread .tool-card[data-tool="web_search"]')!;
    const fetched = document.querySelector('#thread .tool-card[data-tool="fetch_url"]')!;
    const links = (root: Element) => [...root.querySelectorAll(".tc-body a")].map((a) =>
      ({ href: a.getAttribute("href"), rel: a.getAttribute("rel"), target: a.getAttribute("target"), text: a.textContent }));
    return {
      hits: search.querySelectorAll(".wc-list li").length,
      searchLinks: links(search),
      hosts: [...search.querySelectorAll(".wc-host")].map((h) => h.textContent),
      snippets: [...search.querySelectorAll(".wc-snippet")].map((p) => p.textContent),
      pageLinks: links(fetched),
      pageHost: fetched.querySelector(".wc-host")?.textContent,
      bodyOpen: (fetched.querySelector(".wc-body") as HTMLDetailsElement | null)?.open,
      body: fetched.querySelector(".wc-body pre")?.textContent,
      argsBlocks: search.querySelectorAll("pre.tc-full").length + fetched.querySelectorAll("pre.tc-full").length,
      images: document.querySelectorAll("#thread .tool-card img").length,
    };
  });
}

async function expectCompact(page: Page): Promise<void> {
  const c = await cards(page);
  expect(c.hits).toBe(SOME.length);
  expect(c.searchLinks[0]).toEqual({ href: hitUrl(0), rel: "noopener noreferrer", target: "_blank", text: `0 ${SOME[0]}` });
  for (const l of [...c.searchLinks, ...c.pageLinks]) {
    expect(l.href).toMatch(/^https:\/\//);
    expect([l.rel, l.target]).toEqual(["noopener noreferrer", "_blank"]);
  }
  expect(c.hosts).toEqual(SOME.map((_, i) => `site${i}.example`));
  expect(c.snippets).toEqual(SOME.map((p) => p.replace(/\s+/g, " ").trim()));
  expect(c.pageLinks).toEqual([{ href: PAGE_URL, rel: "noopener noreferrer", target: "_blank", text: `${SOME[0]} Guide` }]);
  expect(c.pageHost).toBe("docs.example");
  expect(c.bodyOpen).toBe(false);
  expect(c.body).toContain(SOME[3]!);
  expect(c.argsBlocks).toBe(0);
  expect(c.images).toBe(0);
}

describe("web tool cards", () => {
  let conv = "";
  test("live: web_search and fetch_url results arrive as compact, inert cards", async () => {
    conv = await newConversation(s);
    await withPage(browser, "web-cards-live", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      const w = await watch(page);
      await openChat(page, s, conv);
      await send(page, `/tool web_search ${JSON.stringify({ query: SOME.join(" ").slice(0, 390), count: 20 })}`);
      await page.locator('#thread .tool-card[data-tool="web_search"].st-done').waitFor();
      await waitIdle(page);
      await send(page, `/tool fetch_url ${JSON.stringify({ url: PAGE_URL })}`);
      await page.locator('#thread .tool-card[data-tool="fetch_url"].st-done').waitFor();
      await waitIdle(page);
      await rendered(page, 2);
      await expectCompact(page);
      await expectInert(page, w, "web-cards-live");
      expect(errors).toEqual([]);
    });
  });

  test("stored: the reloaded conversation shows the same cards, opened and still inert", async () => {
    expect(conv).not.toBe("");
    await withPage(browser, "web-cards-stored", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      const w = await watch(page);
      await openChat(page, s, conv);
      await rendered(page, 2);
      await expectCompact(page);
      for (const card of await page.locator("#thread .tool-card").all()) await card.locator("summary").first().click();
      await page.locator('#thread .tool-card[data-tool="fetch_url"] .wc-body summary').click();
      expect(await page.locator('#thread .tool-card[data-tool="fetch_url"] .wc-body pre').isVisible()).toBe(true);
      await expectInert(page, w, "web-cards-stored");
      expect(errors).toEqual([]);
    });
  });
});
