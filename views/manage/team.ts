// #team, the body of Manage → Team (F-24, F-22, F-23): the crew master first with its badges, an editor per
// agent (its agent.yaml and persona.md), the bundled templates with one-click install, and a reload from
// disk. Every form is sent by htmx and answered with this whole fragment, so the page shows what now runs.
import { html } from "hono/html";
import type { TeamAgent, TeamData, TeamFlash, TeamTemplate } from "../../src/models/team.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { T_TEAM } from "../../src/texts/vi-team.ts";

export const TEAM_URL = "/manage/team";

/** `open`: the agent whose editor starts open (the Jobs page's "edit" link names it). */
export function teamSection(data: TeamData, flash?: TeamFlash, open?: string) {
  const saved = (a: TeamAgent) => (flash?.kind === "save" && flash.id === a.id ? flash : undefined);
  const installed = (t: TeamTemplate) => (flash?.kind === "install" && flash.template === t.id ? flash : undefined);
  // A reload's answer, or one for a template or agent the page has no row for, shows by the reload button.
  const rowless = (flash?.kind === "install" && !data.templates.some((t) => t.id === flash.template))
    || (flash?.kind === "save" && !data.agents.some((a) => a.id === flash.id));
  const top = flash?.kind === "reload" || rowless ? flash : undefined;
  return html`<div id="team" class="team-page">
  <p class="muted">${T_TEAM.intro}</p>
  <div class="team-actions">
    <form hx-post="${TEAM_URL}/reload" hx-target="#team" hx-swap="outerHTML">
      <button type="submit" class="btn btn-small">${T_TEAM.reload}</button>
    </form>
    ${top ? flashLine(top.ok, top.detail) : ""}
  </div>
  <h2>${T_TEAM.crew}</h2>
  <ul class="team-rows">${data.agents.map((a) => agentRow(a, saved(a), a.id === open))}</ul>
  <h2>${T_TEAM.templates}</h2>
  <p class="muted">${T_TEAM.templatesHelp}</p>
  <ul class="team-rows">${data.templates.map((t) => templateRow(t, installed(t)))}</ul>
</div>`;
}

type SaveFlash = Extract<TeamFlash, { kind: "save" }>;

function agentRow(a: TeamAgent, flash?: SaveFlash, open = false) {
  const name = a.master ? TLabel.agent(a.id) : a.name;
  return html`<li class="team-row${a.broken ? " is-broken" : ""}" id="agent-${a.id}" data-agent="${a.id}">
  <div class="team-head"><strong class="team-name">${name}</strong> ${badges(a)}</div>
  ${a.description ? html`<p class="muted">${a.description}</p>` : ""}
  ${a.broken ? html`<p class="card-warn team-broken" role="alert">${T_TEAM.brokenLine(a.broken)}</p>` : ""}
  ${editor(a, name, flash, open)}
</li>`;
}

function badges(a: TeamAgent) {
  const pill = (cls: string, text: string) => html`<span class="pill pill-static ${cls}">${text}</span>`;
  if (a.broken) return pill("pill-warn badge-broken", T_TEAM.broken);
  return html`${a.mode ? pill(`badge-mode mode-${a.mode}`, T_TEAM.mode[a.mode] ?? a.mode) : ""}${
    a.live ? pill("badge-live", T_TEAM.live) : ""}${
    a.schedules > 0 ? pill("badge-schedules", T_TEAM.schedules(a.schedules)) : ""}${
    a.telegram ? pill("badge-telegram", T_TEAM.telegram) : ""}`;
}

/** The two files of one agent in a disclosure. A refused save keeps what was typed, with the sentence under
 * agent.yaml (the file it names); an accepted one says it already runs. A textarea drops the newline that
 * follows its tag, so each starts with one: a file's own leading blank line survives a save. */
function editor(a: TeamAgent, name: string, flash?: SaveFlash, open = false) {
  const yaml = flash && !flash.ok ? flash.yaml : a.yaml;
  const persona = flash && !flash.ok ? flash.persona : a.persona;
  const errorId = `team-error-${a.id}`;
  const invalid = flash && !flash.ok ? html` aria-invalid="true" aria-describedby="${errorId}"` : "";
  return html`<details class="team-editor"${flash || open ? " open" : ""}>
  <summary class="btn btn-small">${T_TEAM.edit}</summary>
  <form class="team-form" hx-post="${TEAM_URL}/agents/${a.id}" hx-target="#team" hx-swap="outerHTML"
    aria-label="${T_TEAM.editTitle(name)}">
    <label>${T_TEAM.yamlLabel} <span class="muted"><code>${a.file}</code></span>
      <textarea name="yaml" rows="10" spellcheck="false"${invalid}>
${yaml}</textarea></label>
    ${flash && !flash.ok ? html`<p class="card-warn team-error" id="${errorId}" role="alert">${flash.detail}</p>` : ""}
    <label>${T_TEAM.personaLabel}
      <textarea name="persona" rows="8">
${persona}</textarea></label>
    <div class="team-actions">
      <button type="submit" class="btn btn-small">${T_TEAM.save}</button>
      ${flash?.ok ? flashLine(true, flash.detail) : ""}
    </div>
  </form>
</details>`;
}

function templateRow(t: TeamTemplate, flash?: Extract<TeamFlash, { kind: "install" }>) {
  const action = t.installed
    ? html`<span class="pill pill-static is-set">${T_TEAM.installed}</span>`
    : html`<form hx-post="${TEAM_URL}/install" hx-target="#team" hx-swap="outerHTML">
      <input type="hidden" name="template" value="${t.id}">
      <button type="submit" class="btn btn-small" aria-label="${T_TEAM.install} ${t.name}">${T_TEAM.install}</button>
    </form>`;
  return html`<li class="team-row template-row" data-template="${t.id}">
  <div class="team-head"><strong class="team-name">${t.name}</strong> ${action}</div>
  ${t.description ? html`<p class="muted">${t.description}</p>` : ""}
  ${flash ? flashLine(flash.ok, flash.detail) : ""}
</li>`;
}

function flashLine(ok: boolean, detail: string) {
  return html`<p class="flash ${ok ? "flash-ok" : "card-warn"}" role="${ok ? "status" : "alert"}">${detail}</p>`;
}
