// A branch's parts of the chat screen (M-17, M-31): the header line back to the origin, and the
// edit-and-resend button under a stored user message, which public/fork.js drives.
import { html } from "hono/html";
import type { ForkOrigin } from "../src/models/crew.ts";
import { TFork } from "../src/texts/vi-fork.ts";

/** The line back to the origin, opened in place like a sidebar link; nothing when not a branch. */
export function forkLine(origin: ForkOrigin | null | undefined) {
  if (!origin) return "";
  const href = `/c/${origin.id}`;
  const link = html`<a href="${href}" hx-get="${href}" hx-target="#main" hx-swap="outerHTML"
    hx-push-url="true">${origin.title ?? TFork.originGeneric}</a>`;
  return html`<p class="fork-line" id="fork-line">${TFork.forkedFrom} ${link}</p>`;
}

/** Hidden while a turn runs (`.is-running` on the chat, chat.css); its refusal lands in the note below it.
 * A class on the container, not x-show per button: every tab's thread stays byte-identical. */
export function forkButton(messageId: number) {
  return html`<button type="button" class="btn btn-small msg-fork"
    @click="editAndResend($el, ${messageId})">${TFork.editAndResend}</button>
  <p class="fork-note" role="alert" hidden></p>`;
}
