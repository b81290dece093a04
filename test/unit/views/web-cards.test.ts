// The web tools' compact cards with hostile text in every slot (title, snippet, page body, query, URL):
// the markup that comes out has only the card's own elements and attributes, links are http(s) with
// rel="noopener noreferrer" and target=_blank, and any other shape of result falls back to the generic card.
import { describe, expect, test } from "bun:test";
import { searchResultsText } from "../../../src/models/web-results.ts";
import { TTool } from "../../../src/texts/vi-tools.ts";
import { toolCard, type ToolCardData } from "../../../views/tool-card.ts";
import { PAYLOADS } from "../../helpers/xss-payloads.ts";

const TAGS = new Set(["details", "summary", "svg", "circle", "path", "span", "div", "a", "pre", "ol", "li", "p"]);
const ATTRS = new Set(["class", "id", "data-tool", "hx-ignore", "x-ignore", "viewbox", "aria-hidden", "cx", "cy", "r",
  "d", "href", "rel", "target"]);

type Element = { tag: string; attrs: [string, string][] };

/** Every element of the card as Chromium's parser would see it (Bun's HTMLRewriter, a real HTML tokenizer). */
async function elementsOf(html: string): Promise<Element[]> {
  const seen: Element[] = [];
  const rewriter = new HTMLRewriter().on("*", { element: (el) => void seen.push({ tag: el.tagName, attrs: [...el.attributes] }) });
  await rewriter.transform(new Response(html)).text();
  return seen;
}

async function card(name: string, output: string, status = "done"): Promise<string> {
  const data: ToolCardData = { id: "c1", name, arguments: "{}", output, status };
  return (await toolCard(data)).toString();
}

/** Only the card's own markup: no attribute or element a payload brought, links http(s) and opened apart. */
async function expectInert(html: string): Promise<void> {
  for (const el of await elementsOf(html)) {
    expect(TAGS).toContain(el.tag);
    for (const [name] of el.attrs) expect(ATTRS).toContain(name);
    if (el.tag === "details" && el.attrs.some(([n]) => n === "data-tool")) continue;
    expect(el.attrs.some(([n]) => n.startsWith("data-") || n.startsWith("hx-") || n.startsWith("x-"))).toBe(false);
    if (el.tag !== "a") continue;
    expect(Object.fromEntries(el.attrs)).toMatchObject({ rel: "noopener noreferrer", target: "_blank" });
    expect(Object.fromEntries(el.attrs).href).toMatch(/^https?:\/\//);
  }
}

const page = (title: string, url: string, body: string) => `Source: ${url}\n\n# ${title}\n\n${body}`;

describe("fetch_url card", () => {
  test("title linked to the final URL, its host, and the Markdown body collapsed", async () => {
    const html = await card("fetch_url", page("Bun docs", "https://bun.sh/docs/api/sqlite", "# SQLite\n\nFast."));
    expect(html).toContain('<a class="wc-title" href="https://bun.sh/docs/api/sqlite" rel="noopener noreferrer" ' +
      'target="_blank">Bun docs</a><span class="wc-host">bun.sh</span>');
    expect(html).toContain(`<details class="wc-body"><summary>${TTool.web.pageBody(15)}</summary>`);
    expect(html).toContain("<pre class=\"tc-out\"># SQLite\n\nFast.</pre>");
    expect(html).not.toContain(TTool.args);
    expect(html).not.toContain("<img");
  });

  test("every payload as title, body and URL stays text", async () => {
    for (const p of PAYLOADS) {
      const url = `https://evil.example/${encodeURIComponent(p)}?q=${encodeURIComponent(p)}`;
      const html = await card("fetch_url", page(p.replace(/\n/g, " "), url, `${p}\n\n${p}`));
      expect(html).toContain('class="web-card web-page"');
      await expectInert(html);
    }
  });

  test("a javascript: or data: URL, a missing URL line or an error is the generic card", async () => {
    for (const output of [
      page("x", "javascript:alert(1)", "b"),
      page("x", "data:text/html,<script>alert(1)</script>", "b"),
      "# x\n\nno url line",
      "Error: refused: 10.0.0.1 is a private address",
    ]) {
      const html = await card("fetch_url", output);
      expect(html).not.toContain("web-card");
      expect(html).not.toContain('href="');
      await expectInert(html);
    }
    expect(await card("fetch_url", page("x", "https://a.example/", "b"), "error")).not.toContain("web-card");
  });
});

describe("web_search card", () => {
  const hits = [
    { title: "Bun", url: "https://bun.sh/", snippet: "A fast runtime" },
    { title: "No snippet", url: "http://example.com:8080/a?b=c", snippet: "" },
  ];

  test("each hit is a linked title, its host and its snippet, numbered", async () => {
    const html = await card("web_search", searchResultsText({ query: "bun", hits }));
    expect(html).toContain(`<div class="tc-label">${TTool.web.results(2)}</div>`);
    expect(html).toContain('<li><div class="wc-head"><a class="wc-title" href="https://bun.sh/" rel="noopener ' +
      'noreferrer" target="_blank">Bun</a><span class="wc-host">bun.sh</span></div><p class="wc-snippet">A fast ' +
      "runtime</p></li>");
    expect(html).toContain('<span class="wc-host">example.com:8080</span></div></li>');
  });

  test("every payload as query, title, snippet and URL stays text", async () => {
    const evil = PAYLOADS.map((p, i) => ({ title: p, url: `https://e${i}.example/?x=${encodeURIComponent(p)}`, snippet: p }));
    const html = await card("web_search", searchResultsText({ query: PAYLOADS.join(" "), hits: evil }));
    expect(html).toContain(TTool.web.results(PAYLOADS.length));
    await expectInert(html);
  });

  test("a result that is not the list web_search writes is the generic card", async () => {
    const good = searchResultsText({ query: "q", hits });
    for (const output of [
      good.replace("https://bun.sh/", "javascript:alert(1)"),
      good.replace("1. Bun", "3. Bun"),
      `${good}\n\n…[truncated: the full output was 99999 characters]…`,
      "No web results for: q",
      "Error: The search key was refused (HTTP 401).",
    ]) {
      const html = await card("web_search", output);
      expect(html).not.toContain("web-card");
      expect(html).not.toContain('href="');
    }
  });
});
