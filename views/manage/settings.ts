// Manage → settings (M-50, M-59, M-60, O-14): read-only summaries linking to where each thing changes,
// the per-device canvas-preview switch, and the page's version beside the server's.
import { html } from "hono/html";
import { T_TG_BOT } from "../../src/texts/vi-tg-bot.ts";
import { T } from "../../src/texts/vi.ts";
import { sandboxNotice, type SandboxData } from "./sandbox-notice.ts";

/**
 * The bot as the server sees it when the page renders: `telegram` says whether the master has a block; `bot`
 * is the running channel's state (null when the server runs without one), times already in owner time.
 */
export type TelegramView = {
  configured: boolean; tokenEnv: string | null; tokenSet: boolean; enabled: boolean; polling: boolean;
  lastUpdateAt: string | null; lastError: string | null;
};

export type SettingsData = {
  routes: string[]; routeProblems: string[]; timezone: string; telegram: boolean; bot?: TelegramView | null;
  version: string;
} & SandboxData;

/** `login` is the sessions card (sessions.ts), rendered from the request by the route. */
export function settingsSection(d: SettingsData, login: ReturnType<typeof html>) {
  const where = html`<p class="muted">config.yaml · MY_AGENT_TIMEZONE</p>`;
  const telegram = telegramSummary(d);
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

/** Enabled, polling, the last update and the last error (already without the token). */
function telegramSummary(d: SettingsData) {
  const b = d.bot;
  const plain = d.telegram ? T.telegramOn : T.telegramOff;
  if (!d.telegram || !b?.configured) return html`<p id="telegram-state">${plain}</p>`;
  if (!b.enabled) {
    return html`<p id="telegram-state">${b.tokenSet ? T_TG_BOT.notRunning : T_TG_BOT.noToken(b.tokenEnv ?? "")}</p>`;
  }
  const error = b.lastError ? html`<p class="notice notice-warn">${T_TG_BOT.lastError(b.lastError)}</p>` : "";
  return html`<div id="telegram-state"><p>${T_TG_BOT.enabled} ${b.polling ? T_TG_BOT.polling : T_TG_BOT.notPolling}</p>
  <p>${b.lastUpdateAt ? T_TG_BOT.lastUpdate(b.lastUpdateAt) : T_TG_BOT.noUpdate}</p>${error}</div>`;
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
