// The Markdown renderer alone (public/markdown.js with the vendored marked and DOMPurify) in real
// Chromium, on a bare page with no server, no htmx, no Alpine and no CSP: by itself it must turn
// every corpus payload into text and Markdown's own tags and attributes, and make no request.
// (happy-dom is no judge here: DOMPurify keeps SVG handlers in its DOM that Chromium's drops.)
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { assistantBubble } from "../../views/thread.ts";
import { launch, withPage } from "../helpers/browser.ts";
import { ORDINARY, PAYLOADS } from "../helpers/xss-payloads.ts";

const ORIGIN = "http://inert.test";
// marked and DOMPurify as the page gets them: the bundle the test preload built from public/vendor.js.
const SCRIPTS = ["public/dist/markdown-lib.js", "public/markdown.js"].map((f) => `${import.meta.dir}/../../${f}`);
const PAGE = '<!doctype html><div id="host" data-agent="default"></div>';
let browser: Browser;
// Starting Chromium and running dozens of payloads can exceed bun's 5 s default on a busy machine.
setDefaultTimeout(60_000);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A blank page on a made-up origin with the renderer loaded; every other request is recorded. */
async function rendererPage(page: Page, requests: string[]): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const url = route.request().url();
    if (url === `${ORIGIN}/`) return route.fulfill({ contentType: "text/html", body: PAGE });
    requests.push(url);
    return route.fulfill({ status: 204 }).catch(() => {});
  });
  await page.goto(`${ORIGIN}/`);
  for (const file of SCRIPTS) await page.addScriptTag({ content: await Bun.file(file).text() });
}

/** Runs in the page: renders one stored answer and lists what Markdown itself would not produce. */
function renderForeign(bubbleHtml: string): string[] {
  const TAGS = new Set(["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "ul", "ol",
    "li", "a", "img", "strong", "b", "em", "i", "del", "s", "sub", "sup", "table", "thead", "tbody", "tr", "th", "td"]);
  const ATTRS = new Set(["href", "src", "alt", "title", "align", "start", "class"]);
  // Each answer keeps its own place, so what one payload left behind stays in the page.
  const host = document.createElement("div");
  document.getElementById("host")!.append(host);
  host.innerHTML = bubbleHtml;
  (window as any).renderMarkdown(host);
  const out: string[] = [];
  for (const el of host.querySelectorAll("[data-md] *")) {
    const tag = el.tagName.toLowerCase();
    if (!TAGS.has(tag)) out.push(`<${tag}>`);
    for (const a of el.getAttributeNames()) if (!ATTRS.has(a)) out.push(`<${tag} ${a}>`);
    const src = el.getAttribute("src");
    if (src !== null && !src.startsWith("/api/agents/default/files?path=")) out.push(`<${tag} src=${src}>`);
    if (/^\s*javascript:/i.test(el.getAttribute("href") ?? "")) out.push(`<${tag} href=javascript:>`);
    const cls = el.getAttribute("class");
    if (cls !== null && !/^language-[\w-]+$/.test(cls)) out.push(`<${tag} class=${cls}>`);
  }
  return out;
}

describe("Markdown renderer alone (Chromium)", () => {
  test("every payload leaves only Markdown's markup, and nothing asks the network", async () => {
    await withPage(browser, "markdown-payloads", {}, async (page, errors) => {
      const requests: string[] = [];
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        d.dismiss().catch(() => {});
      });
      await rendererPage(page, requests);
      const found: Record<number, string[]> = {};
      for (const [i, p] of PAYLOADS.entries()) {
        const foreign = await page.evaluate(renderForeign, assistantBubble(p).toString());
        if (foreign.length) found[i + 1] = foreign;
      }
      // Waiting for one more request proves the recorder listens at the end, after every payload.
      await page.evaluate((u) => fetch(u), `${ORIGIN}/last`);
      expect(found).toEqual({});
      // Raw HTML is shown as the text it is.
      expect(await page.locator("[data-md]").first().textContent()).toContain(`<script>fetch('/canary/1')`);
      expect(requests).toEqual([`${ORIGIN}/last`]);
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  test("ordinary Markdown still renders: bold, lists, code, links and a MEDIA image", async () => {
    await withPage(browser, "markdown-ordinary", {}, async (page) => {
      await rendererPage(page, []);
      expect(await page.evaluate(renderForeign, assistantBubble(ORDINARY).toString())).toEqual([]);
      const md = page.locator("[data-md]");
      await md.locator("img").waitFor({ state: "attached" });
      expect(await md.locator("strong").innerText()).toBe("đậm");
      expect(await md.locator("li").allInnerTexts()).toEqual(["một", "hai"]);
      expect(await md.locator("pre code.language-js").textContent()).toBe("let a = 1;\n");
      expect(await md.locator("a").getAttribute("href")).toBe("https://example.com/a");
      expect(await md.locator("img").getAttribute("src")).toBe("/api/agents/default/files?path=pixel.png");
    });
  });
});
