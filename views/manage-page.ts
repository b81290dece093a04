// /manage/<section>: the Manage screen's place. Its pages come with the next issue; until then the
// page says so instead of pretending to work.
import { html } from "hono/html";
import type { AssetTable } from "../src/server/assets.ts";
import { T } from "../src/texts/vi.ts";
import { icon } from "./layout.ts";

export function manageMain(a: AssetTable, section: string) {
  return html`<main id="main" class="main manage" :inert="open" data-section="${section}">
  <div class="topbar"><button class="btn menu-btn" type="button" @click="$dispatch('toggle-drawer')" aria-controls="sidebar" aria-label="${T.menu}">${icon(a, "menu")}</button><h1>${T.manage}</h1></div>
  <section class="welcome"><p class="muted">${T.manageSoon}</p></section>
</main>`;
}
