// Manage → approvals (M-42, M-65, D-09, D-12): pending requests decided in place with a live countdown,
// then the history of decided ones with their outcome (expired grey, denied and pending warning).
import { html } from "hono/html";
import type { Approval } from "../../src/models/approvals.ts";
import { T } from "../../src/texts/vi.ts";
import { optionItem } from "../approval-bar.ts";
import { oneLine } from "../format.ts";

type Html = ReturnType<typeof html>;

export function approvalsSection(d: { pending: Approval[]; decided: Approval[]; unseenErrors: number }) {
  return html`<div id="approvals-page" class="approvals-page">
  ${d.unseenErrors > 0 ? html`<p><a href="/manage/activity">${T.seeActivity(d.unseenErrors)}</a></p>` : ""}
  <h2>${T.pendingTitle}</h2>
  ${approvalList(d.pending, pendingItem, T.noPending)}
  <h2>${T.decidedTitle}</h2>
  ${approvalList(d.decided, decidedItem, T.noDecided)}
</div>`;
}

function approvalList(items: Approval[], item: (a: Approval) => Html, empty: string) {
  if (items.length === 0) return html`<p class="muted">${empty}</p>`;
  return html`<ul class="approval-list">${items.map((a) => item(a))}</ul>`;
}

function pendingItem(a: Approval) {
  const state = JSON.stringify({ id: a.id, deadline: a.deadlineAt });
  const title = a.kind === "question" ? a.reason ?? "" : T.approvalTitle(a.tool);
  const open = html`<a href="/c/${a.conversationId}">${T.openConversation}</a>`;
  return html`<li class="approval-item outcome-pending" x-data="manageDecision(${state})" id="ap-${a.id}">
  <div class="approval-head"><b>${title}</b> <span class="countdown" x-text="left"></span> ${open}</div>
  ${a.kind === "approval" && a.reason ? html`<p class="approval-reason">${a.reason}</p>` : ""}
  ${a.kind === "approval" ? approvalBody(a) : questionBody(a)}
  <p class="composer-note" x-show="error" x-text="error"></p>
</li>`;
}

/** The call's arguments on one line (the full JSON behind a disclosure when long) and the decision buttons. */
function approvalBody(a: Approval) {
  const args = JSON.stringify(a.arguments);
  const approve = html`<button type="button" class="btn btn-primary"
    @click="decide({decision: 'approve'})">${T.approve}</button>`;
  const deny = html`<button type="button" class="btn" @click="decide({decision: 'deny'})">${T.deny}</button>`;
  const always = html` <button type="button" class="btn"
    @click="decide({decision: 'approve', always: true})">${T.alwaysAllow}</button>`;
  return html`<p><code>${oneLine(args, 120)}</code></p>${args.length > 120 ? fullArgs(a) : ""}
  <div class="approval-actions">${approve} ${deny}${a.reason === null ? always : ""}</div>`;
}

function questionBody(a: Approval) {
  const options = a.options ?? [];
  const submit = html`<button type="submit" class="btn btn-primary">${T.answer}</button>`;
  return html`${options.length ? html`<ol class="options">${options.map(optionItem)}</ol>` : ""}
  <form class="answer" @submit.prevent="answer.trim() && decide({answer})"><input type="text" x-model="answer"
    placeholder="${T.answerPlaceholder}" aria-label="${T.answerPlaceholder}"> ${submit}</form>`;
}

function decidedItem(a: Approval) {
  const args = JSON.stringify(a.arguments);
  const outcome = html`<span class="outcome">${T.outcome[a.status] ?? a.status}</span>`;
  const what = a.kind === "question" ? a.reason ?? "" : a.tool;
  const answer = a.answer ? html`<span>${a.answer}</span>` : "";
  const code = html`<code>${oneLine(args, 80)}</code>`;
  const full = args.length > 80 ? html` ${fullArgs(a)}` : "";
  const at = a.decidedAt ?? "";
  const when = html`<time class="muted" datetime="${at}">${at.slice(0, 16).replace("T", " ")}</time>`;
  const body = html`${outcome} <b>${what}</b> ${answer} ${code}${full} ${when}`;
  return html`<li class="approval-item outcome-${a.status}">${body}</li>`;
}

function fullArgs(a: Approval) {
  return html`<details><summary>${T.showFull}</summary><pre>${JSON.stringify(a.arguments, null, 2)}</pre></details>`;
}
