// Manage → approvals (M-42, M-65, D-09, D-12): pending requests decided in place with a live countdown,
// then the history of decided ones with their outcome (expired grey, denied and pending warning).
import { html } from "hono/html";
import type { Approval } from "../../src/models/approvals.ts";
import { T } from "../../src/texts/vi.ts";
import { oneLine } from "../format.ts";

export function approvalsSection(d: { pending: Approval[]; decided: Approval[]; unseenErrors: number }) {
  return html`<div id="approvals-page" class="approvals-page">
  ${d.unseenErrors > 0 ? html`<p><a href="/manage/activity">${T.seeActivity(d.unseenErrors)}</a></p>` : ""}
  <h2>${T.pendingTitle}</h2>
  ${d.pending.length === 0 ? html`<p class="muted">${T.noPending}</p>` : html`<ul class="approval-list">${d.pending.map(pendingItem)}</ul>`}
  <h2>${T.decidedTitle}</h2>
  ${d.decided.length === 0 ? html`<p class="muted">${T.noDecided}</p>` : html`<ul class="approval-list">${d.decided.map(decidedItem)}</ul>`}
</div>`;
}

function pendingItem(a: Approval) {
  const state = JSON.stringify({ id: a.id, deadline: a.deadlineAt });
  const args = JSON.stringify(a.arguments);
  return html`<li class="approval-item outcome-pending" x-data="manageDecision(${state})" id="ap-${a.id}">
  <div class="approval-head"><b>${a.kind === "question" ? a.reason ?? "" : T.approvalTitle(a.tool)}</b> <span class="countdown" x-text="left"></span> <a href="/c/${a.conversationId}">${T.openConversation}</a></div>
  ${a.kind === "approval" && a.reason ? html`<p class="approval-reason">${a.reason}</p>` : ""}
  ${a.kind === "approval" ? html`<p><code>${oneLine(args, 120)}</code></p>${args.length > 120 ? html`<details><summary>${T.showFull}</summary><pre>${JSON.stringify(a.arguments, null, 2)}</pre></details>` : ""}
  <div class="approval-actions"><button type="button" class="btn btn-primary" @click="decide({decision: 'approve'})">${T.approve}</button> <button type="button" class="btn" @click="decide({decision: 'deny'})">${T.deny}</button>${a.reason === null ? html` <button type="button" class="btn" @click="decide({decision: 'approve', always: true})">${T.alwaysAllow}</button>` : ""}</div>`
    : html`${(a.options ?? []).length ? html`<ol class="options">${(a.options ?? []).map((o) => html`<li><button type="button" class="btn" @click="decide({answer: ${JSON.stringify(o)}})">${o}</button></li>`)}</ol>` : ""}
  <form class="answer" @submit.prevent="answer.trim() && decide({answer})"><input type="text" x-model="answer" placeholder="${T.answerPlaceholder}" aria-label="${T.answerPlaceholder}"> <button type="submit" class="btn btn-primary">${T.answer}</button></form>`}
  <p class="composer-note" x-show="error" x-text="error"></p>
</li>`;
}

function decidedItem(a: Approval) {
  const args = JSON.stringify(a.arguments);
  return html`<li class="approval-item outcome-${a.status}"><span class="outcome">${T.outcome[a.status] ?? a.status}</span> <b>${a.kind === "question" ? a.reason ?? "" : a.tool}</b> ${a.answer ? html`<span>${a.answer}</span>` : ""} <code>${oneLine(args, 80)}</code>${args.length > 80 ? html` <details><summary>${T.showFull}</summary><pre>${JSON.stringify(a.arguments, null, 2)}</pre></details>` : ""} <time class="muted" datetime="${a.decidedAt ?? ""}">${(a.decidedAt ?? "").slice(0, 16).replace("T", " ")}</time></li>`;
}
