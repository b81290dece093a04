// The full page around #main: the sidebar (a modal drawer on phones, M-67…M-69). What changes arrives
// on the stream of the screen inside #main (its `#live` element), which htmx swaps with the screen.
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AssetTable } from "../src/models/assets.ts";
import { layout } from "./layout.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** `pending` prefixes the tab title with the number of requests waiting for the owner (D-24). */
export function appShell(a: AssetTable, title: string, sidebar: Html, main: Html, pending = 0) {
  return layout(a, pendingTitle(title, pending), html`<div class="shell" x-data="drawer(${pending})"
  @toggle-drawer.window="toggle()" @keydown.escape.window="close()" @keydown.window="hotkey($event)"
  @pending-count.window="hasWork = $event.detail > 0">
  <div class="backdrop" :class="open && 'open'" @click="close()"></div>
  ${sidebar}
  ${main}
</div>`);
}

/** The tab title with the count of requests waiting for the owner, as full pages and swaps show it. */
export function pendingTitle(title: string, pending: number): string {
  return pending > 0 ? `(${pending}) ${title}` : title;
}
