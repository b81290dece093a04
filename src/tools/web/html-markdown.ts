// HTML → readable Markdown for fetch_url: Mozilla Readability (Firefox's reader view) picks the main
// content, on domino's DOM (turndown's own, so no second DOM in the binary); turndown writes Markdown.
// Links and images become absolute URLs; scripts, styles, navigation and forms are dropped.
import domino from "@mixmark-io/domino";
import { Readability } from "@mozilla/readability";
import TurndownService from "turndown";
import { fitDominoForReadability } from "./domino-fixes.ts";

/** Elements that are never content. */
const DROP = ["script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "canvas", "form",
  "button", "input", "select", "textarea", "nav", "dialog"];
/** Dropped only when Readability found nothing and the whole body stands in. */
const CHROME = ["header", "footer", "aside", '[role="navigation"]', '[role="banner"]', '[role="contentinfo"]',
  '[aria-hidden="true"]'];

export type Page = { title: string; markdown: string };

export function htmlToMarkdown(html: string, pageUrl: string): Page {
  fitDominoForReadability();
  let article: ReturnType<Readability["parse"]> = null;
  try {
    article = new Readability(parse(html, pageUrl), { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const doc = parse(html, pageUrl);
  const title = (article?.title || doc.querySelector("title")?.textContent || "").replace(/\s+/g, " ").trim();
  const body = article?.content?.trim() ? article.content : bodyHtml(doc);
  let markdown = turndown().turndown(body).replace(/\n{3,}/g, "\n\n").trim();
  const firstLine = markdown.split("\n", 1)[0]!.replace(/^#+\s*/, "").trim();
  if (title && firstLine !== title) markdown = `# ${title}\n\n${markdown}`;
  return { title, markdown };
}

function parse(html: string, pageUrl: string): Document {
  const doc = domino.createDocument(html) as unknown as Document & { _address: string };
  doc._address = pageUrl;
  const base = baseUrl(doc, pageUrl);
  // domino leaves baseURI unimplemented; Readability reads it to make links absolute.
  Object.defineProperty(doc, "baseURI", { value: base });
  for (const el of Array.from(doc.querySelectorAll(DROP.join(",")))) el.remove();
  absolutize(doc, "a[href]", "href", base);
  absolutize(doc, "img[src]", "src", base);
  for (const a of Array.from(doc.querySelectorAll('a[href^="javascript:"]'))) a.removeAttribute("href");
  return doc;
}

function baseUrl(doc: Document, pageUrl: string): string {
  const href = doc.querySelector("base[href]")?.getAttribute("href");
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

function absolutize(doc: Document, selector: string, attr: string, base: string): void {
  for (const el of Array.from(doc.querySelectorAll(selector))) {
    const value = el.getAttribute(attr)!.trim();
    if (value.startsWith("#") || /^(javascript|data):/i.test(value)) continue;
    try {
      el.setAttribute(attr, new URL(value, base).href);
    } catch {
      el.removeAttribute(attr);
    }
  }
}

function bodyHtml(doc: Document): string {
  const body = doc.body ?? doc.documentElement;
  for (const el of Array.from(body.querySelectorAll(CHROME.join(",")))) el.remove();
  return body.innerHTML;
}

function turndown(): TurndownService {
  const service = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  service.remove(DROP as (keyof HTMLElementTagNameMap)[]);
  // Tables as pipe rows (turndown alone would put every cell on its own line).
  service.addRule("cell", {
    filter: ["th", "td"],
    replacement: (content) => ` ${content.replace(/\s*\n+\s*/g, " ").replace(/\|/g, "\\|").trim()} |`,
  });
  service.addRule("row", {
    filter: "tr",
    replacement: (content, node) => {
      const header = (node as Element).parentElement?.tagName === "THEAD";
      const rule = header ? `\n|${" --- |".repeat((node as Element).children.length)}` : "";
      return `\n|${content}${rule}`;
    },
  });
  service.addRule("sections", { filter: ["thead", "tbody", "tfoot"], replacement: (content) => content });
  service.addRule("table", { filter: "table", replacement: (content) => `\n\n${content.trim()}\n\n` });
  return service;
}
