// The sidebar's "in content" section (M-08, M-09): message hits from the whole crew, each opening
// its own conversation, with an agent badge when that conversation is not the master's. The snippet
// arrives as safe HTML (src/models/search.ts escapes every character and adds only <mark>s).
import { html, raw } from "hono/html";
import { snippetHtml, type SearchHit } from "../src/models/search.ts";
import { T } from "../src/texts/vi.ts";
import { TSearch } from "../src/texts/vi-search.ts";

export type ShownHit = SearchHit & { agentName: string };

/** Empty when nothing matched: the list's own "no results" line then speaks (search.js). */
export function searchHits(hits: ShownHit[], masterId: string) {
  if (hits.length === 0) return html``;
  return html`<h3 class="conv-group conv-hits-head">${TSearch.inContent}</h3>
<ul class="conv-hit-list">${hits.map((h) => hitRow(h, h.agentId !== masterId))}</ul>`;
}

function hitRow(h: ShownHit, other: boolean) {
  const badge = other
    ? html`<span class="agent-badge" aria-label="${TSearch.agentOf(h.agentName)}">${h.agentName}</span>`
    : "";
  return html`<li class="conv-hit" data-id="${h.conversationId}" data-message="${h.messageId}">
  <a href="/c/${h.conversationId}" hx-get="/c/${h.conversationId}" hx-target="#main" hx-swap="outerHTML"
    hx-push-url="true"><span class="conv-title">${h.conversationTitle || T.untitled}</span>${badge}
    <span class="hit-snippet">${raw(snippetHtml(h.snippet))}</span></a>
</li>`;
}
