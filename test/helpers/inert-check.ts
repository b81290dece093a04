// What "inert" means in a browser test: a page records every request and dialog; after a path has
// rendered, a control element proves htmx still processes what it is given (so a quiet page is a
// result, not a broken recorder), then no canary request, no __pwned, no dialog, and no active
// markup left in rendered text.
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import { CANARY } from "./xss-payloads.ts";

export type Watch = { requests: URL[]; dialogs: string[]; errors: string[] };

/** The app's own paths; anything else a page asks for came from rendered text. */
const APP_PATH = /^\/(assets\/|api\/|manage(\/|$)|ui\/|c\/[0-9a-f-]{36}(\/|$)|canvas\/[0-9a-f-]{36}(\/|$)|$)/;

export async function watch(page: Page): Promise<Watch> {
  const w: Watch = { requests: [], dialogs: [], errors: [] };
  page.on("request", (r) => w.requests.push(new URL(r.url())));
  // A payload the sanitiser missed but CSP blocked shows up here as a console error.
  page.on("console", (m) => m.type() === "error" && w.errors.push(m.text()));
  page.on("pageerror", (e) => w.errors.push(e.message));
  page.on("dialog", (d) => {
    w.dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  // Canary hits are recorded above; answering them keeps a 404 out of the console. The page may be
  // closed before an answer lands, which is no failure.
  await page.route(`**${CANARY}**`, (route) => route.fulfill({ status: 204 }).catch(() => {}));
  return w;
}

/** Waits until every Markdown element on the page has been rendered. */
export async function rendered(page: Page, atLeast: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll("[data-md][data-rendered]").length >= n
      && !document.querySelector("[data-md]:not([data-rendered])"),
    atLeast,
  );
}

/**
 * Asserts that nothing from the page's rendered text ran or asked for anything, and (unless the test
 * planted it on purpose) that no active markup is left in it.
 */
export async function expectInert(page: Page, w: Watch, path: string, planted = false): Promise<void> {
  const control = `${CANARY}control-${path}`;
  const seen = page.waitForResponse((r) => r.url().endsWith(control));
  await page.evaluate((u) => {
    const d = document.createElement("div");
    for (const [k, v] of [["hx-get", u], ["hx-trigger", "load"], ["hx-swap", "none"]]) d.setAttribute(k!, v!);
    document.body.append(d);
    (window as any).htmx.process(d);
  }, control);
  await seen;
  const origin = new URL(page.url()).origin;
  const isControl = (u: URL) => u.pathname.startsWith(`${CANARY}control-`);
  const ours = (u: URL) => isControl(u) || (u.origin === origin && APP_PATH.test(u.pathname));
  const strays = w.requests.filter((u) => !ours(u));
  expect({ path, strays: strays.map((u) => u.href) }).toEqual({ path, strays: [] });
  expect({ path, pwned: await page.evaluate(() => (window as any).__pwned) }).toEqual({ path, pwned: undefined });
  expect({ path, dialogs: w.dialogs, errors: w.errors }).toEqual({ path, dialogs: [], errors: [] });
  if (!planted) expect({ path, active: await page.evaluate(activeMarkup) }).toEqual({ path, active: [] });
}

/**
 * Runs in the page: everything inside rendered text (answers, user bubbles, tool cards, run steps, summaries)
 * that could act — script-bearing or loading elements, handler, htmx or Alpine attributes,
 * javascript: links, images from outside the workspace route, elements htmx has taken over.
 */
function activeMarkup(): string[] {
  const TAGS = ["script,style,iframe,object,embed,link,meta,base,form,input,button,textarea,select",
    "svg,math,template,noscript,video,audio,source,marquee,hx-partial,body"].join(",");
  const ATTR = /^(on|hx-|data-|x-|:|@|style$|srcdoc$|formaction$|background$|srcset$|ping$)/i;
  const out: string[] = [];
  const roots = document.querySelectorAll(
    ".bubble, .tc-body, .timeline, .approval-args, #approval-bar pre, .approval-list pre, .approval-list code, " +
      ".canvas-md, .canvas-title, .canvas-tab, .canvas-preview-text, .compaction-text",
  );
  for (const root of roots) {
    for (const el of root.querySelectorAll("*")) {
      const tag = el.tagName.toLowerCase();
      if (el.matches(TAGS)) out.push(`<${tag}>`);
      for (const a of el.getAttributeNames()) if (ATTR.test(a)) out.push(`<${tag} ${a}>`);
      const link = el.getAttribute("href") ?? "";
      if (/^\s*javascript:/i.test(link)) out.push(`<${tag} href=${link}>`);
      const src = el.getAttribute("src");
      if (src !== null && !src.startsWith("/api/agents/")) out.push(`<${tag} src=${src}>`);
    }
  }
  return out;
}
