// The canvas screens (M-37, M-38): /canvas/<id> (its own page, or the #main fragment for htmx), the
// #canvas-view fragment the panel swaps in, the sandboxed page of an html/mermaid canvas and the picture
// of an svg/image canvas. Each version is addressed by ?v=<n> so a frame never shows a stale copy.
import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { appShell } from "../../../views/app-shell.ts";
import { canvasView } from "../../../views/canvas.ts";
import { canvasPanel } from "../../../views/canvas-panel.ts";
import { sidebar } from "../../../views/sidebar.ts";
import { listPending } from "../../store/approvals.ts";
import { getVersion } from "../../store/canvases.ts";
import { listConversations } from "../../store/conversations.ts";
import { TCanvasUi } from "../../texts/vi-canvas-ui.ts";
import { canvasPanelData, canvasViewData } from "../canvas-data.ts";
import { canvasPage, canvasPageCsp, canvasPicture, PICTURE_CSP } from "../canvas-sandbox.ts";
import { MASTER, type AppDeps } from "../deps.ts";
import { errorResponse } from "../errors.ts";

export function canvasUiRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/canvas/:id", (c) => {
    const data = canvasViewData(d.store, c.req.param("id"));
    if (!data) return errorResponse(c, 404, TCanvasUi.notFound);
    const back = data.canvas.conversationId;
    const main = html`<main id="main" class="main canvas-main" :inert="open">
  ${back ? html`<a class="canvas-back" href="/c/${back}">←</a>` : ""}${canvasView(data)}</main>`;
    const partial = c.req.header("hx-request") === "true" && c.req.header("hx-request-type") !== "full";
    if (partial) return noStore(c, c.html(html`<title>${data.canvas.title}</title>${main}`));
    const list = listConversations(d.store, { agentId: MASTER });
    const pending = listPending(d.store).length;
    return noStore(c, c.html(appShell(d.assets, data.canvas.title, sidebar(d.assets, list, back), main, pending)));
  });

  app.get("/canvas/:id/view", (c) => {
    const data = canvasViewData(d.store, c.req.param("id"));
    return data ? noStore(c, c.html(canvasView(data))) : errorResponse(c, 404, TCanvasUi.notFound);
  });

  app.get("/c/:id/canvases", (c) => {
    const panel = canvasPanelData(d.store, c.req.param("id"), c.req.query("open"));
    return noStore(c, c.html(canvasPanel(panel)));
  });

  app.get("/canvas/:id/render", (c) => {
    const data = canvasViewData(d.store, c.req.param("id"));
    if (!data) return errorResponse(c, 404, TCanvasUi.notFound);
    const kind = data.canvas.kind;
    if (kind !== "html" && kind !== "mermaid") return errorResponse(c, 404, TCanvasUi.notRunnable);
    const version = versionContent(d, c, data.current.content);
    c.header("content-security-policy", canvasPageCsp(kind));
    c.header("x-frame-options", "SAMEORIGIN");
    return noStore(c, c.html(canvasPage(kind, version)));
  });

  app.get("/canvas/:id/picture", (c) => {
    const data = canvasViewData(d.store, c.req.param("id"));
    if (!data) return errorResponse(c, 404, TCanvasUi.notFound);
    const picture = canvasPicture(data.canvas.kind, versionContent(d, c, data.current.content));
    const why = data.canvas.kind === "image" ? TCanvasUi.badImage : TCanvasUi.notPicture;
    if (!picture) return errorResponse(c, 404, why);
    c.header("content-security-policy", PICTURE_CSP);
    c.header("content-type", picture.type);
    return noStore(c, c.body(picture.body as Uint8Array<ArrayBuffer>));
  });
  return app;
}

/** The text of ?v=<n> when that version exists, else the current one. */
function versionContent(d: AppDeps, c: Context, current: string): string {
  const n = Number(c.req.query("v"));
  if (!Number.isInteger(n) || n < 1) return current;
  return getVersion(d.store, c.req.param("id")!, n)?.content ?? current;
}

async function noStore(c: Context, res: Response | Promise<Response>): Promise<Response> {
  const r = await res;
  r.headers.set("cache-control", "no-store");
  return r;
}
