// Manage → settings: whether shell commands run in the bubblewrap sandbox, and a warning saying why not
// when it is missing or unusable (issue 9). The start-up log says the same once.
import { html } from "hono/html";
import { TS } from "../../src/texts/vi-sandbox.ts";
import type { SandboxProbe } from "../../src/models/sandbox.ts";

/** The part of the settings data this line reads. */
export type SandboxData = { sandbox: SandboxProbe | null };

export function sandboxNotice(probe: SandboxProbe | null) {
  if (!probe) return "";
  if (probe.bwrap !== null) {
    return html`<section class="summary" id="sandbox-status"><h2>${TS.title}</h2><p>${TS.on}</p></section>`;
  }
  const detail = probe.installed ? html`<p class="muted"><code>${probe.reason}</code></p>` : "";
  return html`<section class="summary" id="sandbox-status"><h2>${TS.title}</h2>
  <p class="notice notice-warn">${probe.installed ? TS.unusable : TS.missing}</p>${detail}</section>`;
}
