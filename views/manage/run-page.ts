// The run page (J-11, J-12, J-13, J-18): fetched by id, so any link works. A one-line status says what
// the run does now ("3/7 steps") or how it ended; the timeline lists every step; the export links sit
// with the reminder to review before sharing.
import { html } from "hono/html";
import type { DelegateLinks } from "../../src/models/crew.ts";
import type { Run, RunStep } from "../../src/models/runs.ts";
import { T } from "../../src/texts/vi.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { childLink } from "../conv-activity.ts";
import { money, oneLine } from "../format.ts";

/** `links`: the child conversation each delegate step opened, by tool call id. */
type RunPageData = { run: Run | null; steps: RunStep[]; children: Run[]; maxSteps: number; links: DelegateLinks };

export function runPage(d: RunPageData) {
  const r = d.run;
  const title = html`<h2>${T.runPageTitle}</h2>`;
  if (!r) return html`<div class="run-page">${title}<p class="notice notice-warn">${T.runMissing}</p></div>`;
  const models = d.steps.filter((s) => s.type === "model").length;
  const line = r.status === "running"
    ? T.runNow(T.stepsProgress(models, d.maxSteps))
    : T.runEndedAs(T.runStatus[r.status] ?? r.status, d.steps.length);
  return html`<div class="run-page" id="run-${r.id}">
  <h2>${T.runPageTitle} · ${TLabel.agent(r.agentId)} · ${TLabel.source(r.source)}</h2>
  <p class="run-status-line st-${r.status}">${line}</p>
  ${r.resumed ? html`<p class="muted">${T.resumedNote}</p>` : ""}
  <p class="run-meta">${runMeta(r)}</p>
  <ol class="timeline" hx-ignore x-ignore>${d.steps.map((s) => step(s, d.links))}</ol>
  ${d.children.length ? html`<h3>${T.childConversation}</h3><ul>${d.children.map(childItem)}</ul>` : ""}
  <div class="exports">${exportLinks(r.id)}
  <p class="muted">${T.exportReviewReminder}</p></div>
</div>`;
}

/** Spend, unknown-price calls, model and the conversation, joined by " · ". */
function runMeta(r: Run) {
  const unknown = r.unknownCostCalls ? html` · <span>${T.unknownCalls(r.unknownCostCalls)}</span>` : "";
  const model = r.model ? html` · <code>${r.model}</code>` : "";
  const conv = r.conversationId ? html` · <a href="/c/${r.conversationId}">${T.openConversation}</a>` : "";
  return html`<span>${money(r.spentUsd)}</span>${unknown}${model}${conv}`;
}

function childItem(c: Run) {
  const agent = html`<a href="/c/${c.conversationId}">${TLabel.agent(c.agentId)}</a>`;
  return html`<li>${agent} · <a href="/manage/activity/${c.id}">${T.runStatus[c.status] ?? c.status}</a></li>`;
}

function exportLinks(id: string) {
  const base = `/api/activity/runs/${id}/export`;
  const json = html`<a class="btn" href="${base}.json" download>${T.exportJson}</a>`;
  return html`${json} <a class="btn" href="${base}.md" download>${T.exportMarkdown}</a>`;
}

const STEP_LABEL: Record<string, string> = {
  model: T.stepModel, fallback: T.stepFallback, escalation: T.stepEscalation, steer: T.stepSteer,
};

function step(s: RunStep, links: DelegateLinks) {
  const label = s.type === "tool" ? `${T.stepTool} ${s.name ?? ""}` : STEP_LABEL[s.type] ?? s.type;
  const ms = s.endedAt ? Date.parse(s.endedAt) - Date.parse(s.startedAt) : null;
  const took = ms !== null ? html` <span class="muted">${(ms / 1000).toFixed(1)} s</span>` : "";
  const status = html`<span class="muted">${T.toolStatus[s.status] ?? s.status}</span>`;
  return html`<li class="step step-${s.type} st-${s.status}">
  <div class="step-head"><b>${label}</b>${s.type === "model" ? modelCall(s) : ""}${took} ${status}${
    s.toolCallId && links[s.toolCallId] ? childLink(links[s.toolCallId]!) : ""}</div>
  ${s.arguments ? disclosure(html`<code>${oneLine(s.arguments, 100)}</code>`, s.arguments) : ""}
  ${s.result ? disclosure(oneLine(s.result, 100), s.result) : ""}
</li>`;
}

function disclosure(summary: ReturnType<typeof html> | string, full: string) {
  return html`<details><summary>${summary}</summary><pre>${full}</pre></details>`;
}

/** A model step's model, cost (or "unknown") and tokens in / out. */
function modelCall(s: RunStep) {
  const cost = s.costUsd === null ? T.unknownCalls(1) : money(s.costUsd);
  const tokens = `${s.inputTokens ?? "?"} / ${s.outputTokens ?? "?"}`;
  return html` <code>${s.name ?? ""}</code> <span>${cost}</span> <span class="muted">${tokens}</span>`;
}
