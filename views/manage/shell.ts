// The Manage screen (M-39…M-44): a nav in three groups with counters, and one section. Each section
// renders inside its own boundary, so a broken page shows an error card and the nav stays usable.
import { html } from "hono/html";
import type { AssetTable } from "../../src/models/assets.ts";
import { T } from "../../src/texts/vi.ts";
import { icon } from "../layout.ts";

type Html = ReturnType<typeof html>;

export const SECTIONS = [
  "activity", "approvals", "costs", "team", "tools", "jobs", "memory", "connections", "settings",
] as const;
export type Section = (typeof SECTIONS)[number];
const GROUPS: [string, Section[]][] = [
  [T.navWatch, ["activity", "approvals", "costs"]],
  [T.navCrew, ["team", "tools", "jobs", "memory"]],
  [T.navSystem, ["connections", "settings"]],
];

/** `failingJobs`: jobs whose latest run failed (M-40); `memoryPending`: memory proposals waiting (G-03). */
export type Counters = {
  running: number; errorRunIds: string[]; pending: number; failingJobs: number; memoryPending: number;
};

/** `live` is the screen's stream query: its section, a run's id on a run page, the page's fingerprint. */
export function manageMain(a: AssetTable, current: Section, counters: Counters, body: Html | string, live = "") {
  const { errorRunIds: errors, pending, running, failingJobs, memoryPending } = counters;
  const state = JSON.stringify({ errors, pending, running, failingJobs, memoryPending });
  const groups = GROUPS.map(([label, items]) => navGroup(label, items, current, counters));
  return html`<main id="main" class="main manage" :inert="open" x-data="manageNav(${state})" data-section="${current}"
  @counters="update($event)">
  <div class="topbar"><button class="btn menu-btn" type="button"
      @click="$dispatch('toggle-drawer')" aria-controls="sidebar" :aria-expanded="open"
      :class="hasWork && 'has-work'"
      :aria-label="open ? T.closeMenu : (hasWork ? T.openMenu + ', ' + T.pendingWork : T.openMenu)"
      aria-label="${T.menu}">${icon(a, "menu")}</button><h1>${T.manage}</h1></div>
  <div class="manage-grid">
    <nav class="manage-nav" aria-label="${T.manage}" x-ref="nav">${groups}</nav>
    <section class="manage-body" id="manage-body">${body}</section>
  </div>
  <div id="live" hx-sse:connect="/manage/live?${live || `section=${current}`}" hidden></div>
</main>`;
}

function navGroup(label: string, items: Section[], current: Section, c: Counters) {
  const links = items.map((s) => navItem(s, current, c));
  return html`<div class="nav-group"><p class="nav-label">${label}</p>${links}</div>`;
}

function navItem(s: Section, current: Section, c: Counters) {
  const badge = s === "activity"
    ? html`<span class="badge" x-show="running + unseenErrors > 0" x-text="running + unseenErrors">${c.running}</span>`
    : s === "approvals"
    ? html`<span class="badge badge-warn" x-show="pending > 0" x-text="pending"${c.pending ? "" : " x-cloak"}>${
      c.pending}</span>`
    : s === "jobs"
    ? html`<span class="badge badge-warn" x-show="failingJobs > 0" x-text="failingJobs"${
      c.failingJobs ? "" : " x-cloak"}>${c.failingJobs}</span>`
    : s === "memory"
    ? html`<span class="badge badge-warn" x-show="memoryPending > 0" x-text="memoryPending"${
      c.memoryPending ? "" : " x-cloak"}>${c.memoryPending}</span>`
    : "";
  const here = s === current;
  return html`<a class="nav-item${here ? " current" : ""}" href="/manage/${s}" hx-get="/manage/${s}" hx-target="#main"
  hx-swap="outerHTML" hx-push-url="true"${here ? html` aria-current="page"` : ""}>${T.sections[s]}${badge}</a>`;
}

/** A section that failed to render: an error card with a reload button; the nav still works (M-54). */
export { errorCard } from "../boundary.ts";

export function soon() {
  return html`<p class="muted soon">${T.manageSoon}</p>`;
}
