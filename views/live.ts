// The chat screen's live stream as htmx fragments (docs/chat.md): each part of the screen addressed
// by its id and replaced whole, so every tab, a reload and a reconnect converge on the same DOM. Only
// a running turn's text grows in place, appended into its live segment.
import { html } from "hono/html";
import type { Message } from "../src/models/messages.ts";
import type { Run } from "../src/models/runs.ts";
import { T } from "../src/texts/vi.ts";
import { messagesHtml, turnHtml, type ThreadData } from "./thread.ts";

type Html = ReturnType<typeof html>;
/** One SSE message: `html` for htmx to swap (partials inside), `event` a named DOM event. */
export type UiFrame = { html: string } | { event: string; data: unknown };
export type TurnContext = Pick<ThreadData, "toolStatus" | "agentName" | "agentId" | "toolMeta">;

/** One htmx partial: `body` swapped into `target` with `swap`. */
export function partial(target: string, swap: string, body: unknown = "") {
  return html`<hx-partial hx-target="${target}" hx-swap="${swap}">${body}</hx-partial>`;
}

/** A run's container: a running one holds its stored messages and a live segment with `text`. */
export function liveTurn(run: Run, messages: Message[], ctx: TurnContext, text: string): Html {
  if (run.status !== "running") return turnHtml(run, messages, ctx);
  const stored = messagesHtml(messages, ctx);
  return html`<div class="turn live" id="turn-${run.id}" data-status="running">${stored}${segment(run.id, text)}</div>`;
}

/** Text streamed after the container was rendered: appended to the run's live segment. */
export function delta(runId: string, text: string) {
  return partial(`#seg-${runId}`, "beforeend", text);
}

function segment(runId: string, text: string) {
  const bubble = html`<div class="bubble seg" id="seg-${runId}" hx-ignore x-ignore>${text}</div>`;
  return html`<div class="msg assistant streaming">${bubble}<p class="thinking">${T.thinking}</p></div>`;
}
