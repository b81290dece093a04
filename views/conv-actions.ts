// Rename and delete a conversation: a small menu on each sidebar row and a card in the chat header.
// Both post plain forms (ui-conversations.ts); htmx swaps back the sidebar list and the header, and a
// refusal lands in the form's own error slot. Deleting asks once more. The card also exports (K-19).
import { html } from "hono/html";
import type { Conversation } from "../src/models/conversations.ts";
import { T } from "../src/texts/vi.ts";
import { TConv } from "../src/texts/vi-conversations.ts";
import { TSearch } from "../src/texts/vi-search.ts";

const TITLE_MAX = 200;
// The open conversation is whatever #main shows now; the list is not re-rendered on navigation.
const OPEN = "$el.form.elements.open.value = document.querySelector('#main')?.dataset.conversation ?? ''";

/** The "⋯" menu of a sidebar row: a <details>, so it opens without script. */
export function convRowMenu(c: Conversation) {
  const title = c.title || T.untitled;
  return html`<details class="conv-menu">
  <summary class="conv-menu-btn" aria-label="${TConv.actionsOf(title)}" title="${TConv.actions}">⋯</summary>
  <div class="conv-menu-card">${forms(c, html`@click="${OPEN}"`)}</div>
</details>`;
}

/** The header's card: the same two forms, for the open conversation, and its Markdown download (K-19). */
export function headerActions(c: Conversation) {
  return html`<div class="pill-wrap" x-data="card" @keydown.escape.window="close()">
  <button type="button" class="pill" id="conv-actions-pill" x-ref="pill" @click="toggle()" :aria-expanded="open"
    aria-label="${TConv.actions}">⋯</button>
  <div class="card" x-show="open" x-cloak @click.outside="close()">${forms(c, html``, c.id)}
    <a class="btn btn-small conv-export" href="/api/conversations/${c.id}/export.md"
      download>${TSearch.exportMarkdown}</a>
  </div>
</div>`;
}

function forms(c: Conversation, setOpen: ReturnType<typeof html>, open = "") {
  const base = `/ui/conversations/${c.id}`;
  return html`<form class="conv-rename" method="post" action="${base}/title" hx-post="${base}/title"
    hx-target="find .form-error" hx-swap="innerHTML">
  <input type="hidden" name="open" value="${open}">
  <label>${TConv.titleLabel}<input name="title" value="${c.title}" required maxlength="${TITLE_MAX}"
    placeholder="${T.untitled}"></label>
  <button type="submit" class="btn btn-small" ${setOpen}>${TConv.rename}</button>
  <p class="form-error"></p>
</form>
<form class="conv-delete" method="post" action="${base}/delete" hx-post="${base}/delete"
  hx-target="find .form-error" hx-swap="innerHTML" x-data="{ sure: false }">
  <input type="hidden" name="open" value="${open}">
  <button type="button" class="btn btn-small btn-danger" x-show="!sure" @click="sure = true">${TConv.remove}</button>
  <p x-show="sure" x-cloak>${TConv.confirmRemove}</p>
  <button type="submit" class="btn btn-small btn-danger" x-show="sure" x-cloak ${setOpen}>${TConv.confirmYes}</button>
  <button type="button" class="btn btn-small" x-show="sure" x-cloak @click="sure = false">${TConv.cancel}</button>
  <p class="form-error"></p>
</form>`;
}
