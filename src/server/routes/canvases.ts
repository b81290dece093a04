// The canvas JSON API (H-59, M-38): a conversation's canvases, one with its versions, one version, the owner's
// save (a version by the owner; 409 unless made on the latest), a restore (a new version with an old text) and
// the download under the canvas's file name. Every write goes out as an `artifact` frame so screens follow.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { canvasFile, canvasJson, versionJson, type Canvas } from "../../models/canvases.ts";
import { addVersion, getCanvas, getVersion, listCanvases, listVersions } from "../../store/canvases.ts";
import { getConversation } from "../../store/conversations.ts";
import { TCanvas } from "../../texts/vi-canvas.ts";
import { readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { errorResponse } from "../errors.ts";
import { attachment } from "../../export/attachment.ts";

const saveBody = z.strictObject({
  content: z.string(),
  base_version: z.number().int().min(1),
});

const restoreBody = z.strictObject({ version: z.number().int().min(1) });

export function canvasRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const found = (c: Context): Canvas | null => getCanvas(d.store, c.req.param("id") ?? "");
  const gone = (c: Context) => errorResponse(c, 404, TCanvas.notFound);

  app.get("/", (c) => {
    const conversationId = c.req.query("conversation_id");
    if (!conversationId) return c.json({ detail: TCanvas.conversationMissing }, 400);
    if (!getConversation(d.store, conversationId)) return c.json({ detail: TCanvas.conversationNotFound }, 404);
    return noStore(c, { canvases: listCanvases(d.store, conversationId).map(canvasJson) });
  });

  app.get("/:id", (c) => {
    const canvas = found(c);
    const latest = canvas && getVersion(d.store, canvas.id);
    if (!canvas || !latest) return gone(c);
    const versions = listVersions(d.store, canvas.id).map((v) => versionJson(v, false));
    return noStore(c, { ...canvasJson(canvas), content: latest.content, author: latest.author, versions });
  });

  app.get("/:id/versions/:n", (c) => {
    const canvas = found(c);
    if (!canvas) return gone(c);
    const n = c.req.param("n");
    const v = /^[1-9]\d{0,8}$/.test(n) ? getVersion(d.store, canvas.id, Number(n)) : null;
    if (!v) return errorResponse(c, 404, TCanvas.versionNotFound(n.slice(0, 20)));
    return noStore(c, versionJson(v, true));
  });

  app.put("/:id", async (c) => {
    const b = await readJson(c, saveBody);
    if (!b.ok) return c.json({ detail: TCanvas.badBody }, 422);
    const id = c.req.param("id");
    const out = d.store.tx(() => {
      const canvas = getCanvas(d.store, id);
      if (!canvas) return { status: 404 as const, detail: TCanvas.notFound };
      if (canvas.kind === "image") return { status: 422 as const, detail: TCanvas.notText };
      const stale = canvas.version !== b.value.base_version;
      if (stale) return { status: 409 as const, detail: TCanvas.stale(canvas.version) };
      return { version: addVersion(d.store, id, { content: b.value.content, author: "user" })! };
    });
    if ("detail" in out) return c.json({ detail: out.detail, ...latestOf(id) }, out.status);
    return written(c, id, out.version.version);
  });

  app.post("/:id/restore", async (c) => {
    const b = await readJson(c, restoreBody);
    if (!b.ok) return c.json({ detail: TCanvas.badRestore }, 422);
    const id = c.req.param("id");
    const out = d.store.tx(() => {
      const old = getCanvas(d.store, id) && getVersion(d.store, id, b.value.version);
      if (!old) return null;
      return addVersion(d.store, id, { content: old.content, author: "user" });
    });
    if (!out) {
      const detail = getCanvas(d.store, id) ? TCanvas.versionNotFound(String(b.value.version)) : TCanvas.notFound;
      return c.json({ detail }, 404);
    }
    return written(c, id, out.version);
  });

  app.get("/:id/download", (c) => {
    const canvas = found(c);
    const latest = canvas && getVersion(d.store, canvas.id);
    if (!canvas || !latest) return gone(c);
    const file = canvasFile(canvas, latest.content);
    return new Response(file.bytes, {
      headers: {
        "content-type": file.type,
        "content-disposition": attachment(file.name),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });

  /** The canvas after a write, told to every screen, and answered with the new version number. */
  const written = (c: Context, id: string, version: number) => {
    const canvas = canvasJson(getCanvas(d.store, id)!);
    d.hub.artifact(canvas);
    return c.json({ ...canvas, version }, 200);
  };
  const latestOf = (id: string) => {
    const canvas = getCanvas(d.store, id);
    return canvas ? { version: canvas.version } : {};
  };

  return app;
}

function noStore(c: Context, body: unknown) {
  c.header("cache-control", "no-store");
  return c.json(body);
}

