// #chat-header (M-11…M-15, E-11, F-20): the title and three pills — spend vs cap, options (with the skill
// toggles), crew — each opening a card that closes on Escape (focus back to its pill) or a click outside.
import { html } from "hono/html";
import type { Conversation } from "../src/models/conversations.ts";
import type { HeaderData } from "../src/models/crew.ts";
import { T } from "../src/texts/vi.ts";
import { headerActions } from "./conv-actions.ts";
import { crewPill, skillToggles } from "./crew-card.ts";
import { forkLine } from "./fork.ts";
import { money } from "./format.ts";

export const CAP_STEP_USD = 1;

export function chatHeader(c: Conversation, h: HeaderData) {
  return html`<header id="chat-header" class="chat-header">
  ${chatTitle(c)}
  <div class="pills">
    ${spendPill(c)}
    ${optionsPill(c, h)}
    ${crewPill(h.crew)}
    ${headerActions(c)}
  </div>
  ${forkLine(h.origin)}
</header>`;
}

/** The spend pill: spent vs cap, and a card to raise or set the cap. */
function spendPill(c: Conversation) {
  const capped = c.costCapUsd > 0;
  const label = capped ? T.spentOf(money(c.spentUsd), money(c.costCapUsd)) : T.spentNoCap(money(c.spentUsd));
  const warn = capped && c.spentUsd >= c.costCapUsd ? " pill-warn" : "";
  const form = `capForm(${JSON.stringify(c.id)}, ${c.costCapUsd})`;
  return html`<div class="pill-wrap" x-data="card" @keydown.escape.window="close()">
  <button type="button" class="pill${warn}" id="spend-pill" x-ref="pill"
    @click="toggle()" :aria-expanded="open">${label}</button>
  <div class="card" x-show="open" x-cloak @click.outside="close()" x-data="${form}">
    ${capped ? capBar(c) : ""}
    <p>${T.delegatedShare}: ${money(c.delegatedUsd)}</p>
    ${c.unknownCostCalls > 0 ? html`<p class="muted">${T.unknownCalls(c.unknownCostCalls)}</p>` : ""}
    ${capControls()}
  </div>
</div>`;
}

function capBar(c: Conversation) {
  const pct = Math.min(100, Math.round((c.spentUsd / c.costCapUsd) * 100));
  const left = money(Math.max(0, c.costCapUsd - c.spentUsd));
  return html`<div class="bar"><span :style="{ width: '${pct}%' }"></span></div><p>${T.remaining}: ${left}</p>`;
}

/** The options pill: autonomy, the tools this conversation always allows, and its skills. */
function optionsPill(c: Conversation, h: HeaderData) {
  const conv = JSON.stringify(c.id);
  return html`<div class="pill-wrap" x-data="card" @keydown.escape.window="close()">
  <button type="button" class="pill" id="options-pill" x-ref="pill"
    @click="toggle()" :aria-expanded="open">${T.options}</button>
  <div class="card" x-show="open" x-cloak @click.outside="close()">
    <label class="switch"><input type="checkbox" ${c.autonomous ? "checked" : ""}
      @change="$patch(${conv}, {autonomous: $event.target.checked})"> ${T.autonomous}</label>
    <p class="card-label">${T.alwaysAllowed}</p>
    ${c.autoApprove.length === 0 ? html`<p class="muted">${T.noneAllowed}</p>` : allowedList(conv, c.autoApprove)}
    ${skillToggles(c.id, h.skills)}
  </div>
</div>`;
}

function allowedList(conv: string, tools: string[]) {
  const revoke = (t: string) => html`<button type="button" class="btn btn-small"
    @click="$patch(${conv}, {revoke_auto_approve: ${JSON.stringify(t)}})">${T.revoke}</button>`;
  const item = (t: string) => html`<li><code>${t}</code> ${revoke(t)}</li>`;
  return html`<ul class="allowed">${tools.map(item)}</ul>`;
}

/** The title alone: the screen's stream replaces it when a title arrives, leaving open cards be. */
export function chatTitle(c: Conversation) {
  return html`<h1 class="chat-title" id="chat-title">${c.title || T.untitled}</h1>`;
}

/** Raise by one step or type a new cap (0 = no cap); shared by the spend card and the budget notice.
 *  No <form> here: the budget notice sits inside the composer's form, and forms cannot nest. */
export function capControls() {
  return html`<div class="cap-controls">
  <button type="button" class="btn btn-small" @click="raise()">${T.raiseBy(`$${CAP_STEP_USD.toFixed(2)}`)}</button>
  <div class="cap-set"><input type="number" min="0" step="0.5" x-model="cap" @keydown.enter.prevent="setCap()"
    aria-label="${T.setCap}"> <button type="button" class="btn btn-small" @click="setCap()">${T.setCap}</button></div>
  <p class="muted">${T.noCap}</p>
</div>`;
}
