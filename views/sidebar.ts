// #sidebar (M-06…M-10, M-67…M-69): the master's conversations, newest first. Grouping into
// today / yesterday / older, "how long ago" and unread dots use the viewer's own calendar and
// per-device seen marks, so the `convList` component does them in the browser from data-updated.
import { html, raw } from "hono/html";
import type { Conversation } from "../src/models/conversations.ts";
import type { AssetTable } from "../src/models/assets.ts";
import { T } from "../src/texts/vi.ts";
import { TSearch } from "../src/texts/vi-search.ts";
import { QUERY_MAX } from "../src/models/search.ts";
import { convRowMenu } from "./conv-actions.ts";
import { icon } from "./layout.ts";

export const SEARCH_FROM = 8;

export function sidebar(a: AssetTable, list: Conversation[], currentId: string | null) {
  const plus = icon(a, "plus");
  const add = html`<button class="btn btn-primary btn-new" type="submit">${plus}${T.newConversation}</button>`;
  return html`<nav id="sidebar" class="sidebar" :class="open && 'open'" x-ref="panel" aria-label="${T.conversations}">
  <a class="brand" href="/"><img src="${a.url("favicon.svg")}" alt="">${T.appName}</a>
  <form method="post" action="/ui/conversations">${add}</form>
  ${convList(list, currentId)}
  <a class="btn btn-manage" href="/manage/activity">${icon(a, "settings")}${T.manage}</a>
</nav>`;
}

export function convList(list: Conversation[], currentId: string | null) {
  const search = list.length >= SEARCH_FROM;
  return html`<div id="conv-list" class="conv-list" x-data="convList">
  ${search ? searchBox() : ""}
  ${list.length === 0 ? html`<p class="muted">${T.noConversations}</p>` : ""}
  <ul x-ref="rows">${list.map((c) => convRow(c, c.id === currentId))}</ul>
  ${search ? html`<div id="conv-hits" class="conv-hits" aria-live="polite"></div>` : ""}
</div>`;
}

/** Titles filter in place (search.js); the same input asks the server for content hits (M-08). */
function searchBox() {
  return html`<div class="conv-search-box" x-data="convSearch">
  <input type="search" class="conv-search" name="q" x-ref="search" placeholder="${T.searchPlaceholder}"
    aria-label="${T.searchPlaceholder}" autocomplete="off" maxlength="${QUERY_MAX}"
    @input.debounce.200ms="filter($event.target.value)"
    hx-get="/api/messages/search" hx-trigger="input changed delay:250ms, search" hx-target="#conv-hits"
    hx-swap="innerHTML" hx-sync="this:replace">
  <p class="muted conv-none" x-show="none" x-cloak>${TSearch.noResults}</p>
</div>`;
}

function convRow(c: Conversation, current: boolean) {
  const title = c.title || T.untitled;
  const here = current ? raw(' aria-current="page"') : "";
  const marks = html`<span class="conv-ago" data-ago="${c.updatedAt}"></span><span class="dot" hidden></span>`;
  return html`<li class="conv-row${current ? " current" : ""}" data-id="${c.id}" data-updated="${c.updatedAt}"
    data-title="${title.toLowerCase()}">
    <a href="/c/${c.id}" hx-get="/c/${c.id}" hx-target="#main" hx-swap="outerHTML" hx-push-url="true"
      @click="markSeen('${c.id}', '${c.updatedAt}')"${here}><span class="conv-title">${title}</span>${marks}</a>
    ${convRowMenu(c)}
  </li>`;
}
