// The slot ledger of a job as the Jobs page shows it (issue 13 ★): every due slot, newest first, with
// what happened — ran (linked to its run), skipped or missed with the reason in words, never hidden —
// and the job's run history, loaded on demand.
import { html } from "hono/html";
import type { Run } from "../../src/models/runs.ts";
import type { Slot } from "../../src/models/jobs.ts";
import { T_JOBS_PAGE as TJ } from "../../src/texts/vi-jobs-page.ts";
import { runRow } from "./activity.ts";
import { when, type Days } from "./job-time.ts";

export function slotLedger(slots: Slot[], days: Days) {
  if (slots.length === 0) return html`<p class="muted job-slots-none">${TJ.noSlots}</p>`;
  const newest = [...slots].sort((a, b) => (a.due_at < b.due_at ? 1 : a.due_at > b.due_at ? -1 : 0));
  return html`<div class="job-slots"><p class="job-slots-title">${TJ.slotsTitle}</p>
  <ol class="slot-list">${newest.map((s) => slotItem(s, days))}</ol></div>`;
}

function slotItem(s: Slot, days: Days) {
  const at = html`<time>${when(s.due_at, days)}</time>`;
  const outcome = TJ.outcome[s.outcome] ?? s.outcome;
  const what = s.run_id ? html`<a href="/manage/activity/${s.run_id}">${outcome}</a>` : outcome;
  const why = s.reason ? html`: <span class="slot-reason">${TJ.reason[s.reason] ?? s.reason}</span>` : "";
  return html`<li class="slot slot-${s.outcome}" data-outcome="${s.outcome}">${at} ${what}${why}</li>`;
}

/** The job's runs, newest first, each linking to its run page. */
export function jobRuns(runs: Run[]) {
  if (runs.length === 0) return html`<p class="muted">${TJ.noRuns}</p>`;
  return html`<h3 class="job-runs-title">${TJ.history}</h3><ul class="run-list">${
    runs.map((r) => html`<li>${runRow(r)}</li>`)}</ul>`;
}

/** A refusal's sentence where the answer goes (an unknown id, a form without one). */
export function jobAlert(detail: string) {
  return html`<p class="card-warn" role="alert">${detail}</p>`;
}
