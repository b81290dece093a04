// #connections, the body of Manage → Connections (O-10…O-13, M-49): one row per catalogue variable under
// its group, the other variables, and the routes that cannot be used. Plain forms sent by htmx: every save
// answers with this whole fragment, so the page always shows what the server now holds. A secret's
// value is never rendered; its input starts empty and is a password field.
import { html } from "hono/html";
import {
  Group, type CheckResult, type ConnectionRow, type ConnectionsStatus,
} from "../../src/models/connections.ts";
import { CONN_LABELS } from "../../src/texts/vi-connections.ts";
import { T } from "../../src/texts/vi.ts";
import { mcpSection } from "./mcp-servers.ts";

type Html = ReturnType<typeof html>;

export const CONNECTIONS_API = "/api/connections";

/** The answer to a save: success on top; a refusal for a known row under that row's field. */
export type Flash = { ok: boolean; detail: string; name?: string };

export function connectionsSection(data: ConnectionsStatus, flash?: Flash) {
  const rowNames = new Set([...data.rows, ...data.other].map((r) => r.name));
  const refused = flash && !flash.ok && flash.name ? flash : undefined;
  // A refused new name (the add form at the bottom) is answered there too.
  const atField = refused && rowNames.has(refused.name!) ? refused : undefined;
  const atAdd = refused && !atField ? refused.detail : undefined;
  const row = (r: ConnectionRow) => rowItem(r, atField?.name === r.name ? atField.detail : undefined);
  return html`<div id="connections" class="connections-page">
  <p class="muted">${T.conn.intro}</p>
  ${flash && !refused ? flashLine(flash) : ""}
  ${data.file_problem ? html`<p class="card-warn" role="alert">${T.conn.fileBroken(data.file_problem)}</p>` : ""}
  ${problems(data)}
  ${Group.options.map((g) => groupSection(g, data.rows.filter((r) => r.group === g).map(row)))}
  ${otherSection(data.other, atField, atAdd)}
  ${mcpSection(data)}
</div>`;
}

function flashLine(f: Flash) {
  return html`<p class="flash ${f.ok ? "flash-ok" : "card-warn"}" role="${f.ok ? "status" : "alert"}">${f.detail}</p>`;
}

function groupSection(g: Group, items: Html[]) {
  if (items.length === 0) return "";
  const title = html`<h2>${T.conn.groups[g]}</h2>`;
  return html`<section class="conn-group" data-group="${g}">${title}<ul class="conn-rows">${items}</ul></section>`;
}

function problems(data: ConnectionsStatus) {
  if (!data.no_routes && data.route_problems.length === 0) return "";
  return html`<section class="conn-problems card-warn" id="route-problems"><h2>${T.conn.problems}</h2>
  ${data.no_routes ? html`<p>${T.conn.noRoutes}</p>` : ""}
  ${data.route_problems.length > 0 ? html`<ul>${data.route_problems.map((p) => html`<li>${p}</li>`)}</ul>` : ""}
</section>`;
}

function rowItem(r: ConnectionRow, error?: string) {
  const secret = r.kind === "secret";
  const label = CONN_LABELS[r.desc]?.(r.provider) ?? r.name;
  const restart = r.restart ? html` <span class="muted">· ${T.conn.restart}</span>` : "";
  return html`<li class="conn-row" data-name="${r.name}" data-kind="${r.kind}">
  <div class="conn-head"><strong class="conn-label">${label}</strong> ${setPill(r.set)}${restart}</div>
  <div class="muted"><code>${r.name}</code></div>
  <p class="muted">${T.conn.desc[r.desc] ?? ""}</p>
  <div class="conn-actions">
    ${saveForm(r.name, label, secret, secret ? undefined : r.value, r.default, error)}
    ${r.set ? removeForm(r.name) : ""}
    ${r.check && (r.set || !secret) ? checkButton(r.name) : ""}
  </div>
</li>`;
}

/** Set or replace one variable. A secret's field is a password field that starts empty. A refused
 * save's reason sits right under the field, which names it and takes the focus. */
function saveForm(
  name: string, label: string, secret: boolean, current?: string, placeholder?: string, error?: string,
) {
  const errorId = `conn-error-${name}`;
  const hint = secret ? T.conn.newSecret : (placeholder ?? T.conn.value);
  const invalid = error ? html` aria-invalid="true" aria-describedby="${errorId}" autofocus` : "";
  return html`<form class="conn-form" hx-put="${CONNECTIONS_API}" hx-target="#connections" hx-swap="outerHTML">
  <input type="hidden" name="name" value="${name}">
  <input name="value" type="${secret ? "password" : "text"}" autocomplete="off" spellcheck="false" aria-label="${label}"
    placeholder="${hint}" value="${current ?? ""}" required${invalid}>
  <button type="submit" class="btn btn-small">${T.conn.save}</button>
</form>${error ? html`<p class="card-warn conn-error" id="${errorId}" role="alert">${error}</p>` : ""}`;
}

function removeForm(name: string) {
  return html`<form class="conn-form" hx-put="${CONNECTIONS_API}" hx-target="#connections" hx-swap="outerHTML"
  hx-confirm="${T.conn.confirmRemove(name)}">
  <input type="hidden" name="name" value="${name}"><input type="hidden" name="remove" value="1">
  <button type="submit" class="btn btn-small">${T.conn.remove}</button>
</form>`;
}

function checkButton(name: string) {
  return html`<button type="button" class="btn btn-small" hx-post="${CONNECTIONS_API}/check/${name}"
  hx-target="#check-${name}" hx-swap="innerHTML">${T.conn.check}</button>
<output id="check-${name}" class="conn-check" aria-live="polite"></output>`;
}

/** One check's answer, as the check button swaps it in. */
export function resultLine(r: CheckResult) {
  return html`<span class="${r.ok ? "check-ok" : "check-failed"}">${r.detail}</span>`;
}

function otherSection(other: ConnectionsStatus["other"], atField?: Flash, addError?: string) {
  const error = (name: string) => (atField?.name === name ? atField.detail : undefined);
  const rows = other.map((o) => otherRow(o, error(o.name)));
  return html`<section class="conn-group" id="other-vars" data-group="extra"><h2>${T.conn.other}</h2>
  <p class="muted">${T.conn.otherHelp}</p>
  ${other.length === 0 ? html`<p class="muted">${T.conn.noOther}</p>` : html`<ul class="conn-rows">${rows}</ul>`}
  <form class="conn-form conn-add" hx-put="${CONNECTIONS_API}" hx-target="#connections" hx-swap="outerHTML">
    <input name="name" type="text" autocomplete="off" spellcheck="false" pattern="[A-Za-z_][A-Za-z0-9_]*"
      aria-label="${T.conn.name}" placeholder="${T.conn.name}" required>
    <input name="value" type="password" autocomplete="off" aria-label="${T.conn.value}" placeholder="${T.conn.value}"
      required>
    <button type="submit" class="btn btn-small">${T.conn.add}</button>
  </form>
  ${addError ? html`<p class="card-warn conn-error" role="alert">${addError}</p>` : ""}
</section>`;
}

/** A variable not in the catalogue: always treated as a secret. */
function otherRow(o: ConnectionsStatus["other"][number], error?: string) {
  const head = html`<div class="conn-head"><code>${o.name}</code> ${setPill(o.set)}</div>`;
  const actions = html`${saveForm(o.name, o.name, true, undefined, undefined, error)}${removeForm(o.name)}`;
  return html`<li class="conn-row" data-name="${o.name}">${head}<div class="conn-actions">${actions}</div></li>`;
}

function setPill(set: boolean) {
  return html`<span class="pill pill-static ${set ? "is-set" : "is-unset"}">${set ? T.conn.set : T.conn.unset}</span>`;
}
