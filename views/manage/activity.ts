// Manage → activity (J-09, J-23, M-41, M-65): what needs you (failed, interrupted, stopped runs not
// yet marked seen on this device), what runs now (live), and the stored history.
import { html } from "hono/html";
import type { Run } from "../../src/models/runs.ts";
import { T } from "../../src/texts/vi.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { TM_PAGE } from "../../src/texts/vi-memory.ts";
import { money, oneLine } from "../format.ts";

export const NEEDS_YOU = new Set(["error", "interrupted", "cancelled"]);

export type ActivityPage = {
  needsYou: Run[];
  running: Run[];
  history: Run[];
  nextBefore: string | null;
  agents: string[];
  agent: string | null;
  pending: number;
  /** Memory proposals waiting for the owner (G-03): work elsewhere in Manage, linked from the card. */
  memoryPending?: number;
};

export function activitySection(d: ActivityPage) {
  const memory = d.memoryPending ?? 0;
  // `pending`: work waiting elsewhere in Manage, so the card is grey only when nothing waits anywhere.
  const state = JSON.stringify({ ids: d.needsYou.map((r) => r.id), pending: d.pending + memory });
  return html`<div class="activity-page">
  <section class="needs-you" x-data="needsYou(${state})" :class="work ? 'card-warn' : 'card-grey'">
    <h2>${T.needsYou}</h2>
    <p class="muted" x-show="!work">${T.nothingNeedsYou}</p>
    ${d.pending > 0 ? html`<p><a href="/manage/approvals">${T.seeApprovals(d.pending)}</a></p>` : ""}
    ${memory > 0 ? html`<p><a href="/manage/memory">${TM_PAGE.seeProposals(memory)}</a></p>` : ""}
    <ul class="run-list">${d.needsYou.map(needsYouItem)}</ul>
  </section>
  <section class="running">${runningList(d.running)}</section>
  <section class="history" x-data="historyFilter">
    <h2>${T.history}</h2>
    <div class="filters">
      ${agentFilter(d.agents, d.agent)}
      ${statusFilter()}
      <input type="search" aria-label="${T.filterSource}" placeholder="${T.filterSource}" x-model="source"
        @input.debounce.200ms="save()">
    </div>
    ${historyRows(d.history, d.nextBefore, d.agent)}
  </section>
</div>`;
}

function needsYouItem(r: Run) {
  const seen = html`<button type="button" class="btn btn-small"
    @click="markSeen('${r.id}')">${T.markSeen}</button>`;
  return html`<li data-run="${r.id}" x-show="!seen['${r.id}']">${runRow(r)} ${seen}</li>`;
}

function agentFilter(agents: string[], agent: string | null) {
  const option = (a: string) => html`<option value="${a}"${a === agent ? " selected" : ""}>${TLabel.agent(a)}</option>`;
  return html`<select aria-label="${T.allAgents}" hx-get="/manage/fragments/history" hx-target="#history-rows"
    hx-swap="outerHTML" name="agent"><option value="">${T.allAgents}</option>${agents.map(option)}</select>`;
}

function statusFilter() {
  const options = Object.entries(T.runStatus).map(([k, v]) => html`<option value="${k}">${v}</option>`);
  const all = html`<option value="">${T.filterStatus}</option>`;
  return html`<select aria-label="${T.filterStatus}" x-model="status" @change="save()">${all}${options}</select>`;
}

export function runningList(runs: Run[]) {
  const list = runs.length === 0
    ? html`<p class="muted">${T.noRunning}</p>`
    : html`<ul class="run-list">${runs.map((r) => html`<li>${runRow(r)}</li>`)}</ul>`;
  return html`<div id="running-runs"><h2>${T.runningNow}</h2>${list}</div>`;
}

export function historyRows(runs: Run[], nextBefore: string | null, agent: string | null) {
  return html`<ul id="history-rows" class="run-list">${historyPage(runs, nextBefore, agent)}</ul>`;
}

/** One page of rows and the "load more" item that replaces itself with the next page. */
export function historyPage(runs: Run[], nextBefore: string | null, agent: string | null) {
  const byAgent = agent ? `&agent=${encodeURIComponent(agent)}` : "";
  const more = nextBefore && `/manage/fragments/history?before=${encodeURIComponent(nextBefore)}${byAgent}&append=1`;
  const button = (url: string) => html`<button type="button" class="btn" hx-get="${url}" hx-target="closest li"
    hx-swap="outerHTML">${T.loadMore}</button>`;
  return html`${historyItems(runs)}${more ? html`<li class="more">${button(more)}</li>` : ""}`;
}

export function historyItems(runs: Run[]) {
  // The source filter matches the raw source and its Vietnamese name alike.
  const source = (r: Run) => `${r.source} ${TLabel.source(r.source).toLowerCase()}`;
  return runs.map((r) =>
    html`<li data-status="${r.status}" data-source="${source(r)}" x-show="visible($el)">${runRow(r)}</li>`);
}

export function runRow(r: Run) {
  const agent = html`<span class="run-agent">${TLabel.agent(r.agentId)}</span>`;
  const source = html`<span class="run-src">${TLabel.source(r.source)}</span>`;
  const state = html`<span class="run-state">${T.runStatus[r.status] ?? r.status}</span>`;
  const summary = html`<span class="muted">${oneLine(r.summary ?? "", 60)}</span>`;
  const spent = html`<span class="muted">${money(r.spentUsd)}</span>`;
  const when = html`<time datetime="${r.startedAt}">${r.startedAt.slice(0, 16).replace("T", " ")}</time>`;
  return html`<a class="run-row st-${r.status}" href="/manage/activity/${r.id}" hx-get="/manage/activity/${r.id}"
    hx-target="#main" hx-swap="outerHTML"
    hx-push-url="true">${agent} ${source} ${state} ${summary} ${spent} ${when}</a>`;
}
