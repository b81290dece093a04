// One canvas as the owner sees it (M-37, M-38, H-62): its header, its body by kind, the editor and the
// version list. The same `#canvas-view` fragment serves the panel beside the chat and /canvas/<id>.
// The content is anyone's text: markdown is rendered like answers (inert), html and mermaid only inside
// the sandboxed frame, svg and images only as pictures, and the editor holds the text as text.
import { html } from "hono/html";
import type { Canvas, CanvasVersion } from "../src/models/canvases.ts";
import { TCanvasUi } from "../src/texts/vi-canvas-ui.ts";

export type CanvasViewData = { canvas: Canvas; current: CanvasVersion; versions: CanvasVersion[] };

/** Kinds whose text the owner edits in place; an image is bytes, replaced only by the agent. */
export const EDITABLE = new Set(["markdown", "html", "mermaid", "svg"]);

export function canvasView(d: CanvasViewData) {
  const c = d.canvas;
  const state = JSON.stringify({ id: c.id, version: c.version });
  const editable = EDITABLE.has(c.kind);
  return html`<section id="canvas-view" class="canvas-view" x-data="canvas(${state})" data-canvas="${c.id}"
  data-version="${c.version}" data-agent="${c.agentId}">
  <header class="canvas-head">
    <h2 class="canvas-title">${c.title}</h2>
    <span class="muted canvas-meta">${TCanvasUi.kinds[c.kind]} · ${TCanvasUi.version(c.version)}</span>
    <span class="canvas-actions">
      ${editable ? html`<button type="button" class="btn btn-sm canvas-edit" x-show="!editing"
        @click="startEdit()">${TCanvasUi.edit}</button>` : ""}
      <a class="btn btn-sm canvas-page-link" href="/canvas/${c.id}">${TCanvasUi.openPage}</a>
      <a class="btn btn-sm canvas-download" href="/api/canvases/${c.id}/download" download>${TCanvasUi.download}</a>
    </span>
  </header>
  <div class="canvas-body" x-show="!editing">${canvasBody(c, d.current)}</div>
  ${editable ? editor(d.current) : ""}
  ${versionList(d)}
</section>`;
}

/** The body by kind; nothing the text says is ever parsed as this page's markup. */
export function canvasBody(c: Canvas, v: CanvasVersion) {
  const at = `v=${v.version}`;
  switch (c.kind) {
    case "markdown":
      return html`<div class="md canvas-md" data-md hx-ignore x-ignore>${v.content}</div>`;
    case "html":
    case "mermaid":
      return html`<iframe class="canvas-frame" src="/canvas/${c.id}/render?${at}" sandbox="allow-scripts"
        referrerpolicy="no-referrer" title="${TCanvasUi.frameTitle(c.title)}"></iframe>`;
    case "svg":
    case "image":
      return html`<img class="canvas-picture" src="/canvas/${c.id}/picture?${at}" alt="${c.title}">`;
  }
}

/** The text lives in the textarea (escaped, never markup); saving sends it with the version it edits. */
function editor(v: CanvasVersion) {
  return html`<form class="canvas-editor" x-show="editing" x-cloak @submit.prevent="save()">
  <textarea class="canvas-text" x-ref="text" rows="16" spellcheck="false"
    @input="remember()">${v.content}</textarea>
  <p class="notice notice-warn" x-show="error" x-text="error"></p>
  <div class="canvas-editor-actions">
    <button type="submit" class="btn btn-primary canvas-save" :disabled="busy">${TCanvasUi.save}</button>
    <button type="button" class="btn" @click="cancel()">${TCanvasUi.cancel}</button>
  </div>
</form>`;
}

/** Newest first; every version but the current one can be restored (which writes a new version). */
function versionList(d: CanvasViewData) {
  const rows = [...d.versions].reverse().map((v) => {
    const who = v.author === "user" ? TCanvasUi.byUser : TCanvasUi.byAgent;
    const when = html`<time datetime="${v.createdAt}">${v.createdAt.slice(0, 16).replace("T", " ")}</time>`;
    const action = v.version === d.canvas.version
      ? html`<span class="muted">${TCanvasUi.current}</span>`
      : html`<button type="button" class="btn btn-sm canvas-restore" @click="restore(${v.version})"
          :disabled="busy">${TCanvasUi.restore}</button>`;
    return html`<li class="canvas-version" data-version="${v.version}">
      <span>${TCanvasUi.version(v.version)} · ${who} · ${when}</span> ${action}</li>`;
  });
  return html`<details class="canvas-versions"><summary>${TCanvasUi.versions} (${d.versions.length})</summary>
  <ol>${rows}</ol></details>`;
}
