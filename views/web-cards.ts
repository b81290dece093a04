// The compact result cards of the web tools (M-18, issue 16): a fetched page as its title, host and a
// collapsed body; search hits as linked titles, hosts and snippets. The text came from the web, so it
// is only ever escaped text, links are http(s) only and open apart (no opener, no referrer), and
// nothing is fetched to draw the card (no favicon). A result of any other shape gets the generic card.
import { html } from "hono/html";
import { readFetchedPage, readSearchResults } from "../src/models/web-results.ts";
import { TTool } from "../src/texts/vi-tools.ts";
import { oneLine } from "./format.ts";
import { capped, OUTPUT_CAP } from "./tool-output.ts";

type Html = ReturnType<typeof html>;

/** The card for a finished web tool's result, or null when the tool or the text is not one of ours. */
export function webCard(name: string, output: string): Html | null {
  if (name === "fetch_url") {
    const page = readFetchedPage(output);
    if (!page) return null;
    const body = page.body.trim();
    return html`<div class="web-card web-page">${link(page.url, page.title)}
<details class="wc-body"><summary>${TTool.web.pageBody(body.length)}</summary><pre class="tc-out">${
      capped(body, OUTPUT_CAP)
    }</pre></details></div>`;
  }
  if (name === "web_search") {
    const found = readSearchResults(output);
    if (!found) return null;
    const hits = found.hits.map((h) => html`<li>${link(h.url, h.title)}${
      h.snippet ? html`<p class="wc-snippet">${oneLine(h.snippet, 300)}</p>` : ""
    }</li>`);
    return html`<div class="web-card web-results"><div class="tc-label">${TTool.web.results(hits.length)}</div>
<ol class="wc-list">${hits}</ol></div>`;
  }
  return null;
}

/** A title linked to its page (an http(s) address: the readers let no other through), then its host. */
function link(url: string, title: string): Html {
  const host = new URL(url).host;
  const text = oneLine(title, 160) || host;
  return html`<div class="wc-head"><a class="wc-title" href="${url}" rel="noopener noreferrer" target="_blank">${
    text
  }</a><span class="wc-host">${host}</span></div>`;
}
