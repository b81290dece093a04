// #approval-bar (M-28, M-29, D-12, D-17): the pending request of this conversation — an approval with
// its countdown, approve / deny / "always allow" (hidden when the request carries a reason), or a
// question with its numbered options and a free answer.
import { html } from "hono/html";
import type { Approval } from "../src/models/approvals.ts";
import { T } from "../src/texts/vi.ts";
import { oneLine } from "./format.ts";

export function approvalBar(a: Approval | null) {
  if (!a) return html`<div id="approval-bar"></div>`;
  return html`<div id="approval-bar">${a.kind === "question" ? questionCard(a) : approvalCard(a)}</div>`;
}

function approvalCard(a: Approval) {
  const full = JSON.stringify(a.arguments, null, 2);
  const summary = oneLine(JSON.stringify(a.arguments), 120);
  const state = JSON.stringify({ id: a.id, deadline: a.deadlineAt });
  const title = T.approvalTitle(a.tool);
  return html`<section class="approval card-warn" x-data="decision(${state})" aria-label="${title}">
  <div class="approval-head"><b>${title}</b> <span class="countdown" x-text="left"></span></div>
  ${a.reason ? html`<p class="approval-reason">${a.reason}</p>` : ""}
  <p class="approval-args" hx-ignore x-ignore><code>${summary}</code></p>
  ${summary.endsWith("…") ? fullArgs(full) : ""}
  <div class="approval-actions">
    <button type="button" class="btn btn-primary" @click="decide({decision: 'approve'})">${T.approve}</button>
    <button type="button" class="btn" @click="decide({decision: 'deny'})">${T.deny}</button>
    ${a.reason === null ? alwaysAllowButton() : ""}
  </div>
</section>`;
}

function alwaysAllowButton() {
  return html`<button type="button" class="btn"
    @click="decide({decision: 'approve', always: 'true'})">${T.alwaysAllow}</button>`;
}

function fullArgs(full: string) {
  const summary = html`<summary>${T.showFull}</summary>`;
  return html`<details class="approval-full" hx-ignore x-ignore>${summary}<pre>${full}</pre></details>`;
}

function questionCard(a: Approval) {
  const state = JSON.stringify({ id: a.id, deadline: a.deadlineAt });
  return html`<section class="question card-warn" x-data="decision(${state})" aria-label="${a.reason ?? ""}">
  <div class="approval-head"><b>${a.reason ?? ""}</b> <span class="countdown" x-text="left"></span></div>
  ${(a.options ?? []).length ? html`<ol class="options">${(a.options ?? []).map(optionItem)}</ol>` : ""}
  <form class="answer" @submit.prevent="answer.trim() && decide({answer})">
    <input type="text" x-model="answer" placeholder="${T.answerPlaceholder}" aria-label="${T.answerPlaceholder}">
    <button type="submit" class="btn btn-primary">${T.answer}</button>
  </form>
</section>`;
}

/** One numbered answer to a question; also used by Manage → approvals. */
export function optionItem(o: string) {
  return html`<li><button type="button" class="btn" @click="decide({answer: ${JSON.stringify(o)}})">${o}</button></li>`;
}
