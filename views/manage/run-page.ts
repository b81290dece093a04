// The run page (J-11, J-12, J-13, J-18): fetched by id, so any link works. A one-line status says what
// the run does now ("3/7 steps") or how it ended; the timeline lists every step; the export links sit
// with the reminder to review before sharing.
import { html } from "hono/html";
import type { Run, RunStep } from "../../src/models/runs.ts";
import { T } from "../../src/texts/vi.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { money, oneLine } from "../format.ts";

export function runPage(d: { run: Run | null; steps: RunStep[]; children: Run[]; maxSteps: number }) {
  const r = d.run;
  if (!r) return html`<div class="run-page"><h2>${T.runPageTitle}</h2><p class="notice notice-warn">${T.runMissing}</p></div>`;
  const models = d.steps.filter((s) => s.type === "model").length;
  const line = r.status === "running" ? T.runNow(T.stepsProgress(models, d.maxSteps)) : T.runEndedAs(T.runStatus[r.status] ?? r.status, d.steps.length);
  return html`<div class="run-page" id="run-${r.id}">
  <h2>${T.runPageTitle} · ${TLabel.agent(r.agentId)} · ${TLabel.source(r.source)}</h2>
  <p class="run-status-line st-${r.status}">${line}</p>
  ${r.resumed ? html`<p class="muted">${T.resumedNote}</p>` : ""}
  <p class="run-meta"><span>${money(r.spentUsd)}</span>${r.unknownCostCalls ? html` · <span>${T.unknownCalls(r.unknownCostCalls)}</span>` : ""}${r.model ? html` · <code>${r.model}</code>` : ""}${r.conversationId ? html` · <a href="/c/${r.conversationId}">${T.openConversation}</a>` : ""}</p>
  <ol class="timeline" hx-ignore x-ignore>${d.steps.map(step)}</ol>
  ${d.children.length ? html`<h3>${T.childConversation}</h3><ul>${d.children.map((c) => html`<li><a href="/c/${c.conversationId}">${TLabel.agent(c.agentId)}</a> · <a href="/manage/activity/${c.id}">${T.runStatus[c.status] ?? c.status}</a></li>`)}</ul>` : ""}
  <div class="exports"><a class="btn" href="/api/activity/runs/${r.id}/export.json" download>${T.exportJson}</a> <a class="btn" href="/api/activity/runs/${r.id}/export.md" download>${T.exportMarkdown}</a>
  <p class="muted">${T.exportReviewReminder}</p></div>
</div>`;
}

function step(s: RunStep) {
  const label = s.type === "model" ? T.stepModel : s.type === "tool" ? `${T.stepTool} ${s.name ?? ""}` : s.type === "fallback" ? T.stepFallback : s.type === "escalation" ? T.stepEscalation : s.type === "steer" ? T.stepSteer : s.type;
  const ms = s.endedAt ? Date.parse(s.endedAt) - Date.parse(s.startedAt) : null;
  const tokens = s.type === "model" ? `${s.inputTokens ?? "?"} / ${s.outputTokens ?? "?"}` : "";
  return html`<li class="step step-${s.type} st-${s.status}">
  <div class="step-head"><b>${label}</b>${s.type === "model" ? html` <code>${s.name ?? ""}</code> <span>${s.costUsd === null ? T.unknownCalls(1) : money(s.costUsd)}</span> <span class="muted">${tokens}</span>` : ""}${ms !== null ? html` <span class="muted">${(ms / 1000).toFixed(1)} s</span>` : ""} <span class="muted">${T.toolStatus[s.status] ?? s.status}</span></div>
  ${s.arguments ? html`<details><summary><code>${oneLine(s.arguments, 100)}</code></summary><pre>${s.arguments}</pre></details>` : ""}
  ${s.result ? html`<details><summary>${oneLine(s.result, 100)}</summary><pre>${s.result}</pre></details>` : ""}
</li>`;
}
