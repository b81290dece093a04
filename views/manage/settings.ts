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
  const where = html`<p class="muted">config.yaml · MY_AGENT_TIMEZONE</p>`;
  const telegram = html`<p>${d.telegram ? T.telegramOn : T.telegramOff}</p>`;
  return html`<div class="settings-page" x-data="settingsPage">
  ${routesSummary(d)}
  <section class="summary"><h2>${T.settingsTimezone}</h2><p><code>${d.timezone}</code></p>${where}</section>
  <section class="summary"><h2>${T.settingsChannels}</h2>${telegram}<p>${T.inboundAlways}</p>${changeLink()}</section>
  ${login}
  ${sandboxNotice(d.sandbox)}
  ${versionsSummary(d.version)}
  <section class="summary"><label class="switch"><input type="checkbox" :checked="preview"
    @change="setPreview($event.target.checked)"> ${T.canvasPreview}</label></section>
</div>`;
}

function routesSummary(d: SettingsData) {
  const routes = d.routes.length
    ? html`<ul>${d.routes.map((r) => html`<li><code>${r}</code></li>`)}</ul>`
    : html`<p class="notice notice-warn">${T.noRoutes}</p>`;
  const problems = d.routeProblems.map((p) => html`<p class="notice notice-warn">${p}</p>`);
  return html`<section class="summary"><h2>${T.settingsRoutes}</h2>${routes}${problems}${changeLink()}</section>`;
}

/** The version this page was loaded with beside the server's. */
function versionsSummary(version: string) {
  const page = html`<p>${T.pageVersion}: <code x-text="pageVersion"></code></p>`;
  const server = html`<p>${T.serverVersion}: <code id="server-version" data-version="${version}">${version}</code></p>`;
  return html`<section class="summary"><h2>${T.settingsVersions}</h2>${page}${server}</section>`;
}

function changeLink() {
  return html`<a href="/manage/connections">${T.changeIn(T.sections.connections!)}</a>`;
}
