// #main for a conversation id that does not exist (deleted, mistyped): says so, with the way back.
// Served with status 404, as a full page beside the sidebar or as the htmx fragment.
import { html } from "hono/html";
import type { AssetTable } from "../src/models/assets.ts";
import { T } from "../src/texts/vi.ts";
import { TConv } from "../src/texts/vi-conversations.ts";
import { icon } from "./layout.ts";

export function convMissing(a: AssetTable) {
  return html`<main id="main" class="main" :inert="open" data-conversation="">
  <div class="chat-col">
    <div class="topbar"><button class="btn menu-btn" type="button" @click="$dispatch('toggle-drawer')"
      aria-controls="sidebar" :class="hasWork && 'has-work'" aria-label="${T.menu}">${icon(a, "menu")}</button></div>
    <section class="conv-missing" role="alert">
      <h1>${TConv.notFoundTitle}</h1>
      <p class="muted">${TConv.notFoundBody}</p>
      <a class="btn btn-primary" href="/">${TConv.backToList}</a>
    </section>
  </div>
</main>`;
}
