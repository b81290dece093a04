// #server-status: the pill in the top bar saying the server answers, with its version.
import { html } from "hono/html";
import { T } from "../src/texts/vi.ts";

export function serverStatus(version: string) {
  return html`<span id="server-status" class="pill" title="${T.version} ${version}"><span class="dot"></span>${T.serverStatus} ${T.serverOk} · v${version}</span>`;
}
