// #conv-activity (M-34…M-36, J-22): the runs of the open conversation with every step, opening with a
// summary card. One element: a column on wide screens, a one-line strip on narrow ones (CSS), so
// exactly one of the two is ever rendered.
import { html } from "hono/html";
import type { DelegateLinks } from "../src/models/crew.ts";
import type { Run, RunStep } from "../src/models/runs.ts";
import { TCrewChat } from "../src/texts/vi-crew-chat.ts";
import { T } from "../src/texts/vi.ts";
import { TTool } from "../src/texts/vi-tools.ts";
import { money, oneLine } from "./format.ts";

/** `children`: the conversation each delegate step opened, by tool call id. */
export type ActivityData = { conversationId: string; runs: RunWithSteps[]; maxSteps: number; children: DelegateLinks };
type RunWithSteps = { run: Run; steps: RunStep[] };

export function convActivity(d: ActivityData) {
  const spend = d.runs.reduce((n, r) => n + r.run.spentUsd, 0);
  const steps = d.runs.reduce((n, r) => n + r.steps.length, 0);
  const latest = d.runs[0];
  const now = latest ? html` · ${progress(latest.run, latest.steps, d.maxSteps)}` : "";
  return html`<aside id="conv-activity" class="conv-activity" x-data="strip" :class="open ? 'open' : ''"
  aria-label="${T.activityTitle}">
  <button type="button" class="strip-toggle" @click="toggle()" :aria-expanded="open">${T.activityTitle}${now}</button>
  <div class="activity-body">
    <h2>${T.activityTitle}</h2>
    ${d.runs.length === 0 ? html`<p class="muted">${T.noRunsYet}</p>` : html`<dl class="summary-card">
      <dt>${T.summarySpend}</dt><dd>${money(spend)}</dd>
      <dt>${T.summarySteps}</dt><dd>${steps}</dd>
      <dt>${T.summaryDelegated}</dt><dd id="delegated-count">${Object.keys(d.children).length}</dd>
      <dt>${T.summaryModel}</dt><dd>${latest?.run.model ?? "—"}</dd>
    </dl>`}
    <ol class="runs">${d.runs.map((r) => runItem(r, d.maxSteps, d.children))}</ol>
  </div>
</aside>`;
}

function runItem({ run, steps }: RunWithSteps, maxSteps: number, children: DelegateLinks) {
  const spent = html`<span class="muted">${money(run.spentUsd)}</span>`;
  return html`<li class="run st-${run.status}" id="run-${run.id}">
      <div class="run-line"><span class="progress">${progress(run, steps, maxSteps)}</span> ${spent}</div>
      ${run.resumed ? html`<p class="muted run-resumed">${T.resumedNote}</p>` : ""}
      <ol class="steps" hx-ignore x-ignore>${steps.map((s) => stepItem(s, children))}</ol>
    </li>`;
}

/** One step: its name in the person's words, the call's arguments, and how it ended with the
 * stored result (written for the model) behind a disclosure. */
function stepItem(s: RunStep, children: DelegateLinks) {
  const name = s.type === "tool" ? TTool.label[s.name ?? ""] ?? s.name : STEP[s.type] ?? s.type;
  const args = s.arguments ? html`<code>${oneLine(s.arguments, 60)}</code>` : "";
  const ended = html`<summary>${T.toolStatus[s.status] ?? s.status}</summary><pre>${s.result}</pre>`;
  const child = s.toolCallId ? children[s.toolCallId] : undefined;
  return html`<li class="step step-${s.type} st-${s.status}"><span class="step-type">${name}</span> ${args}${
    child ? childLink(child) : ""}${s.result ? html`<details>${ended}</details>` : ""}</li>`;
}

/** A delegate step opens the child conversation it started, named by the member doing the work. */
export function childLink(child: DelegateLinks[string]) {
  return html` <a class="child-link" href="/c/${child.conversationId}">${TCrewChat.openDelegated}</a>
    <span class="muted">· ${child.agentName}</span>`;
}

const STEP: Record<string, string> = {
  model: T.stepModel, fallback: T.stepFallback, escalation: T.stepEscalation, steer: T.stepSteer,
};

/** "3/7 steps" while running (model calls of the step limit), never a percentage (M-36, J-12). */
function progress(run: Run, steps: RunStep[], maxSteps: number): string {
  const models = steps.filter((s) => s.type === "model").length;
  if (run.status === "running") return T.stepsProgress(models, maxSteps);
  return `${T.runStatus[run.status] ?? run.status} · ${T.stepsCount(steps.length)}`;
}
