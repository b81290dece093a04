// The canvas panel beside the chat (M-37): the conversation's canvases as tabs, the open one, and the
// live preview of a canvas the agent is writing (public/canvas.js fills it from `canvas-delta` events;
// the next `#canvas-panel` frame from the stream replaces it with the stored version).
import { html } from "hono/html";
import type { Canvas } from "../src/models/canvases.ts";
import { TCanvasUi } from "../src/texts/vi-canvas-ui.ts";
import { canvasView, type CanvasViewData } from "./canvas.ts";

export type CanvasPanelData = { canvases: Canvas[]; open: CanvasViewData | null };

export function canvasPanel(d: CanvasPanelData) {
  const state = JSON.stringify({ has: d.canvases.length > 0 });
  return html`<aside id="canvas-panel" class="canvas-panel" x-data="canvasPanel(${state})"
  :class="shown && 'open'" aria-label="${TCanvasUi.panelLabel}">
  <button type="button" class="btn btn-sm canvas-reopen" x-show="closed && has" x-cloak
    @click="open()">${TCanvasUi.panelLabel}</button>
  <div class="canvas-inner" x-show="shown" x-cloak>
  <div class="canvas-tabs">
    ${d.canvases.map((c) => html`<button type="button" class="btn btn-sm canvas-tab" data-id="${c.id}"
      :class="openId === $el.dataset.id && 'current'" @click="show($el.dataset.id)">${c.title}</button>`)}
    <button type="button" class="btn btn-sm canvas-close" @click="close()"
      aria-label="${TCanvasUi.close}">×</button>
  </div>
  <section class="canvas-preview" x-show="preview.on" x-cloak>
    <h2 class="canvas-title" x-text="preview.title"></h2>
    <pre class="canvas-preview-text" x-text="preview.text"></pre>
  </section>
  <div class="canvas-open" x-show="!preview.on">${d.open ? canvasView(d.open) : ""}</div>
  </div>
</aside>`;
}
