// `/`: the shell a person lands on: the sidebar (a drawer on phones) and the welcome panel. The
// server-status pill is its own fragment, loaded by htmx so the page proves the live path works.
import { html } from "hono/html";
import type { AssetTable } from "../src/server/assets.ts";
import { T } from "../src/texts/vi.ts";
import { icon, layout } from "./layout.ts";

export function homePage(a: AssetTable) {
  return layout(a, T.appName, html`<div class="shell" x-data="drawer" @keydown.escape.window="close()">
  <div class="backdrop" :class="open && 'open'" @click="close()"></div>
  <nav id="sidebar" class="sidebar" :class="open && 'open'" x-ref="panel" aria-label="${T.conversations}">
    <div class="brand"><img src="${a.url("favicon.svg")}" alt="">${T.appName}</div>
    <button class="btn btn-primary" type="button" disabled>${icon(a, "plus")}${T.newConversation}</button>
    <p class="muted">${T.noConversations}</p>
  </nav>
  <main id="main" class="main" :inert="open">
    <header class="topbar">
      <button class="btn menu-btn" type="button" x-ref="menuButton" @click="toggle()" :aria-expanded="open" :aria-label="menuLabel" aria-controls="sidebar">${icon(a, "menu")}</button>
      <span id="server-status" hx-get="/fragments/server-status" hx-trigger="load" hx-swap="outerHTML"></span>
    </header>
    <section class="welcome">
      <h1>${T.welcomeTitle}</h1>
      <p class="muted">${T.welcomeBody}</p>
    </section>
  </main>
</div>`);
}
