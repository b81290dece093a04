// #jobs-page, the body of Manage → jobs (M-45…M-48): each job's schedule in words beside its raw
// cron or `every`, next and previous run, how the previous run ended, the failure line, the slot ledger
// and its actions. A row (#job-row-…) is what an action answers and what the stream replaces; the run
// history below it loads on demand and survives the row's updates.
import { html } from "hono/html";
import type { JobView } from "../../src/models/jobs.ts";
import { T } from "../../src/texts/vi.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { T_JOBS_PAGE as TJ } from "../../src/texts/vi-jobs-page.ts";
import { cronWords, everyWords } from "./cron-words.ts";
import { failingLine, when, type Days } from "./job-time.ts";
import { slotLedger } from "./job-slots.ts";

export const JOBS_URL = "/manage/jobs";

export type { Days };
export type JobsPage = { jobs: JobView[]; days: Days };
/** The answer to an action, shown in its row. */
export type JobFlash = { ok: boolean; detail: string };

export function jobsSection(d: JobsPage) {
  const list = d.jobs.length === 0
    ? html`<p class="muted">${TJ.empty}</p>`
    : html`<ul class="job-list">${d.jobs.map((j) => jobItem(j, d.days))}</ul>`;
  return html`<div id="jobs-page" class="jobs-page">
  <p class="muted">${TJ.intro}</p>
  ${list}
</div>`;
}

/** A job's item: its row and the container its history loads into; what a delete answers when refused. */
export function jobItem(j: JobView, days: Days, flash?: JobFlash) {
  return html`<li class="job" id="${domId("job", j.id)}" data-job="${j.id}">
  ${jobRow(j, days, flash)}
  <div class="job-runs" id="${domId("job-runs", j.id)}"></div>
</li>`;
}

/** One job's row; `flash` is the answer of the action that rendered it. */
export function jobRow(j: JobView, days: Days, flash?: JobFlash) {
  const raw = j.cron ?? j.every ?? "";
  const words = j.cron !== null ? cronWords(j.cron) : j.every !== null ? everyWords(j.every) : null;
  const failing = j.failing ? " is-failing" : "";
  return html`<div class="job-row${failing}" id="${domId("job-row", j.id)}" data-job="${j.id}">
  <div class="job-head"><strong class="job-name">${j.name}</strong>
    <span class="muted job-agent">${agentName(j)}</span> ${pills(j)}</div>
  <p class="job-when">${words ? html`<span class="job-words">${words}</span> ` : ""}<code class="job-raw">${
    raw}</code></p>
  <dl class="job-times">
    <dt>${TJ.nextRun}</dt><dd class="job-next">${nextRun(j, days)}</dd>
    <dt>${TJ.lastRun}</dt><dd class="job-last">${lastRun(j, days)}</dd>
  </dl>
  ${j.failing ? html`<p class="card-warn job-failing" role="status">${failingLine(j.failing, days)}</p>` : ""}
  ${slotLedger(j.slots, days)}
  <div class="job-actions">${actions(j)}</div>
  ${flash ? html`<p class="flash ${flash.ok ? "flash-ok" : "card-warn"}" role="${flash.ok ? "status" : "alert"}">${
    flash.detail}</p>` : ""}
</div>`;
}

/** A row for an id the server does not know (404): the sentence in place of the row. */
export function missingRow(id: string) {
  return html`<div class="job-row job-missing" id="${domId("job-row", id)}"><p class="card-warn" role="alert">${
    TJ.unknownJob}</p></div>`;
}

/** A delete's answer for an id the server does not know. */
export function missingItem(id: string) {
  return html`<li class="job" id="${domId("job", id)}">${missingRow(id)}</li>`;
}

/** A DOM id for a job id (which holds a slash): letters, digits and `-` kept, anything else escaped. */
export function domId(prefix: string, id: string): string {
  const safe = [...id].map((ch) => (/[a-zA-Z0-9-]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`)).join("");
  return `${prefix}-${safe}`;
}

/** The master reads as the word for it, as everywhere else on screen; a member by its name. */
function agentName(j: JobView) {
  const label = TLabel.agent(j.agent);
  return label === j.agent ? j.agent_name : label;
}

function pills(j: JobView) {
  const pill = (cls: string, text: string) => html`<span class="pill pill-static ${cls}">${text}</span>`;
  return html`${pill("job-origin", TJ.origin[j.origin] ?? j.origin)} ${pill("job-kind", TJ.kind[j.kind] ?? j.kind)}${
    !j.enabled ? html` ${pill("job-disabled", TJ.disabledNote)}` : ""}${
    j.paused ? html` ${pill("pill-warn job-paused", TJ.pausedNote)}` : ""}`;
}

function nextRun(j: JobView, days: Days) {
  if (j.next_run === null) return TJ.noNext;
  return html`<time>${when(j.next_run, days)}</time>`;
}

function lastRun(j: JobView, days: Days) {
  const r = j.last_run;
  if (!r) return TJ.never;
  const status = T.runStatus[r.status] ?? r.status;
  // A run still going has not ended: its state alone.
  const how = r.ended_at === null ? status : TJ.ended(status);
  return html`<a href="/manage/activity/${r.id}" class="st-${r.status}"><time>${when(r.started_at, days)}</time> · ${
    how}</a>`;
}

/** Each button's accessible name carries the job's name: a card list repeats the same labels. */
function actions(j: JobView) {
  const named = (label: string) => `${label} ${j.name}`;
  const target = `#${domId("job-row", j.id)}`;
  const post = (path: string, label: string, paused?: "0" | "1") =>
    html`<form hx-post="${JOBS_URL}/${path}" hx-target="${target}" hx-swap="outerHTML">
      <input type="hidden" name="id" value="${j.id}">${
      paused ? html`<input type="hidden" name="paused" value="${paused}">` : ""}
      <button type="submit" class="btn btn-small" aria-label="${named(label)}">${label}</button></form>`;
  // A row disabled in agent.yaml has no toggle: only its profile can enable it (I-10).
  const toggle = j.enabled ? (j.paused ? post("pause", TJ.resume, "0") : post("pause", TJ.pause, "1")) : "";
  const edit = j.origin === "profile"
    ? html`<a class="btn btn-small job-edit" href="/manage/team?edit=${encodeURIComponent(j.agent)}#agent-${j.agent}"
      aria-label="${named(TJ.edit)}">${TJ.edit}</a>`
    : "";
  const remove = j.origin === "chat"
    ? html`<form hx-post="${JOBS_URL}/delete" hx-target="#${domId("job", j.id)}" hx-swap="outerHTML"
      hx-confirm="${TJ.confirmRemove(j.name)}"><input type="hidden" name="id" value="${j.id}">
      <button type="submit" class="btn btn-small job-remove" aria-label="${named(TJ.remove)}">${
      TJ.remove}</button></form>`
    : "";
  const history = html`<button type="button" class="btn btn-small job-history"
    hx-get="${JOBS_URL}/runs?id=${encodeURIComponent(j.id)}" hx-target="#${domId("job-runs", j.id)}"
    hx-swap="innerHTML" aria-label="${named(TJ.history)}">${TJ.history}</button>`;
  return html`${post("run", TJ.runNow)} ${toggle} ${edit} ${remove} ${history}`;
}
