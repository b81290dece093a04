// The chat screen's live stream as htmx fragments (docs/chat.md): each part of the screen addressed
// by its id and replaced whole, so every tab, a reload and a reconnect converge on the same DOM. Only
// a running turn's text grows in place, appended into its live segment.
import { html } from "hono/html";
import type { ThreadData } from "./thread.ts";

export { liveTurn } from "./thread.ts";

/** One SSE message: `html` for htmx to swap (partials inside), `event` a named DOM event. */
export type UiFrame = { html: string } | { event: string; data: unknown };
export type TurnContext = Pick<ThreadData, "toolStatus" | "agentName" | "agentId" | "toolMeta">;

/** One htmx partial: `body` swapped into `target` with `swap`. */
export function partial(target: string, swap: string, body: unknown = "") {
  return html`<hx-partial hx-target="${target}" hx-swap="${swap}">${body}</hx-partial>`;
}

/** Text streamed after the container was rendered: appended to the run's live segment. */
export function delta(runId: string, text: string) {
  return partial(`#seg-${runId}`, "beforeend", text);
}
