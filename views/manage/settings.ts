// Manage → settings (M-50, M-59, M-60, O-14): read-only summaries linking to where each thing changes,
// the per-device canvas-preview switch, and the page's version beside the server's.
import { html } from "hono/html";
import { T } from "../../src/texts/vi.ts";
import { sandboxNotice, type SandboxData } from "./sandbox-notice.ts";

export type SettingsData = {
  routes: string[]; routeProblems: string[]; timezone: string; telegram: boolean; version: string;
} & SandboxData;

/** `login` is the sessions card (sessions.ts), rendered from the request by the route. */
export function settingsSection(d: SettingsData, login: ReturnType<typeof html>) {
  return html`<div class="settings-page" x-data="settingsPage">
  <section class="summary"><h2>${T.settingsRoutes}</h2>${d.routes.length ? html`<ul>${d.routes.map((r) => html`<li><code>${r}</code></li>`)}</ul>` : html`<p class="notice notice-warn">${T.noRoutes}</p>`}${d.routeProblems.map((p) => html`<p class="notice notice-warn">${p}</p>`)}<a href="/manage/connections">${T.changeIn(T.sections.connections!)}</a></section>
  <section class="summary"><h2>${T.settingsTimezone}</h2><p><code>${d.timezone}</code></p><p class="muted">config.yaml · MY_AGENT_TIMEZONE</p></section>
  <section class="summary"><h2>${T.settingsChannels}</h2><p>${d.telegram ? T.telegramOn : T.telegramOff}</p><p>${T.inboundAlways}</p><a href="/manage/connections">${T.changeIn(T.sections.connections!)}</a></section>
  ${login}
  ${sandboxNotice(d.sandbox)}
  <section class="summary"><h2>${T.settingsVersions}</h2><p>${T.pageVersion}: <code x-text="pageVersion"></code></p><p>${T.serverVersion}: <code id="server-version" data-version="${d.version}">${d.version}</code></p></section>
  <section class="summary"><label class="switch"><input type="checkbox" :checked="preview" @change="setPreview($event.target.checked)"> ${T.canvasPreview}</label></section>
</div>`;
}
