// Manage → activity (J-09, J-23, M-41, M-65): what needs you (failed, interrupted, stopped runs not
// yet marked seen on this device), what runs now (live), and the stored history.
import { html } from "hono/html";
import type { Run } from "../../src/models/runs.ts";
import { T } from "../../src/texts/vi.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { money, oneLine } from "../format.ts";

export const NEEDS_YOU = new Set(["error", "interrupted", "cancelled"]);

export function activitySection(d: { needsYou: Run[]; running: Run[]; history: Run[]; nextBefore: string | null; agents: string[]; agent: string | null; pending: number }) {
  const state = JSON.stringify({ ids: d.needsYou.map((r) => r.id), pending: d.pending });
  return html`<div class="activity-page">
  <section class="needs-you" x-data="needsYou(${state})" :class="work ? 'card-warn' : 'card-grey'">
    <h2>${T.needsYou}</h2>
    <p class="muted" x-show="!work">${T.nothingNeedsYou}</p>
    ${d.pending > 0 ? html`<p><a href="/manage/approvals">${T.seeApprovals(d.pending)}</a></p>` : ""}
    <ul class="run-list">${d.needsYou.map((r) => html`<li data-run="${r.id}" x-show="!seen['${r.id}']">${runRow(r)} <button type="button" class="btn btn-small" @click="markSeen('${r.id}')">${T.markSeen}</button></li>`)}</ul>
  </section>
  <section class="running">${runningList(d.running)}</section>
  <section class="history" x-data="historyFilter">
    <h2>${T.history}</h2>
    <div class="filters">
      <select aria-label="${T.allAgents}" hx-get="/manage/fragments/history" hx-target="#history-rows" hx-swap="outerHTML" name="agent"><option value="">${T.allAgents}</option>${d.agents.map((a) => html`<option value="${a}"${a === d.agent ? " selected" : ""}>${TLabel.agent(a)}</option>`)}</select>
      <select aria-label="${T.filterStatus}" x-model="status" @change="save()"><option value="">${T.filterStatus}</option>${Object.entries(T.runStatus).map(([k, v]) => html`<option value="${k}">${v}</option>`)}</select>
      <input type="search" aria-label="${T.filterSource}" placeholder="${T.filterSource}" x-model="source" @input.debounce.200ms="save()">
    </div>
    ${historyRows(d.history, d.nextBefore, d.agent)}
  </section>
</div>`;
}

export function runningList(runs: Run[]) {
  return html`<div id="running-runs"><h2>${T.runningNow}</h2>${runs.length === 0 ? html`<p class="muted">${T.noRunning}</p>` : html`<ul class="run-list">${runs.map((r) => html`<li>${runRow(r)}</li>`)}</ul>`}</div>`;
}

export function historyRows(runs: Run[], nextBefore: string | null, agent: string | null) {
  return html`<ul id="history-rows" class="run-list">${historyPage(runs, nextBefore, agent)}</ul>`;
}

/** One page of rows and the "load more" item that replaces itself with the next page. */
export function historyPage(runs: Run[], nextBefore: string | null, agent: string | null) {
  const more = nextBefore ? `/manage/fragments/history?before=${encodeURIComponent(nextBefore)}${agent ? `&agent=${encodeURIComponent(agent)}` : ""}&append=1` : null;
  return html`${historyItems(runs)}${more ? html`<li class="more"><button type="button" class="btn" hx-get="${more}" hx-target="closest li" hx-swap="outerHTML">${T.loadMore}</button></li>` : ""}`;
}

export function historyItems(runs: Run[]) {
  // The source filter matches the raw source and its Vietnamese name alike.
  const source = (r: Run) => `${r.source} ${TLabel.source(r.source).toLowerCase()}`;
  return runs.map((r) => html`<li data-status="${r.status}" data-source="${source(r)}" x-show="visible($el)">${runRow(r)}</li>`);
}

export function runRow(r: Run) {
  return html`<a class="run-row st-${r.status}" href="/manage/activity/${r.id}" hx-get="/manage/activity/${r.id}" hx-target="#main" hx-swap="outerHTML" hx-push-url="true"><span class="run-agent">${TLabel.agent(r.agentId)}</span> <span class="run-src">${TLabel.source(r.source)}</span> <span class="run-state">${T.runStatus[r.status] ?? r.status}</span> <span class="muted">${oneLine(r.summary ?? "", 60)}</span> <span class="muted">${money(r.spentUsd)}</span> <time datetime="${r.startedAt}">${r.startedAt.slice(0, 16).replace("T", " ")}</time></a>`;
}
