// #composer (M-20…M-27): never locked while a turn runs — a busy send becomes a chip; locked only
// when the budget is exhausted, and then it carries the raise-cap controls (E-12). The Alpine
// `composer` component owns drafts, request_ids and Stop.
import { html } from "hono/html";
import type { QueuedMessage } from "../src/models/queue.ts";
import { T } from "../src/texts/vi.ts";
import type { AssetTable } from "../src/models/assets.ts";
import { capControls } from "./chat-header.ts";
import { icon } from "./layout.ts";

export type ComposerData = {
  conversationId: string;
  running: boolean;
  locked: boolean;
  queued: QueuedMessage[];
  costCapUsd?: number;
};

export function composer(a: AssetTable, d: ComposerData) {
  const state = JSON.stringify({ conv: d.conversationId, running: d.running, locked: d.locked });
  return html`<form id="composer" class="composer" x-data="composer(${state})" @submit.prevent="send()">
  ${budgetNotice(d)}
  <div id="chips" class="chips">${chips(d.queued)}</div>
  <p class="composer-note" x-show="note" x-text="note" role="status"></p>
  <div class="composer-row">
    <textarea name="text" rows="1" x-ref="input" x-model="text" @input="saveDraft()" @keydown.enter="onEnter($event)"
      :disabled="locked" placeholder="${T.composerPlaceholder}" aria-label="${T.composerPlaceholder}"></textarea>
    <button type="button" class="btn btn-stop" x-show="running" x-cloak @click="stop()"
      aria-label="${T.stop}">${icon(a, "stop")}<span>${T.stop}</span></button>
    <button type="submit" class="btn btn-primary btn-send" :disabled="locked || !text.trim()"
      aria-label="${T.send}">${icon(a, "send")}</button>
  </div>
</form>`;
}

/** Shown instead of sending when the budget is spent: the raise-cap controls, in place. */
function budgetNotice(d: ComposerData) {
  const form = `capForm(${JSON.stringify(d.conversationId)}, ${d.costCapUsd ?? 0})`;
  return html`<div class="budget-notice card-warn" x-show="locked" x-cloak
    x-data="${form}"><p>${T.budgetLocked}</p>${capControls()}</div>`;
}

export function chips(queued: QueuedMessage[]) {
  return queued.map((q) => chip(q.id, q.kind, q.text));
}

export function chip(id: number, kind: "follow_up" | "steer", text: string) {
  const label = kind === "steer" ? T.chipSteer : T.chipQueued;
  return html`<span class="chip chip-${kind}" id="chip-${id}" data-kind="${kind}"
    data-text="${text}"><b>${label}</b> <span class="chip-text">${text}</span></span>`;
}
