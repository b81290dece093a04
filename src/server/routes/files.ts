// GET /api/agents/{id}/files?path= (N-02…N-05): files of an agent's workspace, shown in the chat
// through MEDIA: lines. They are untrusted (the agent may have been steered by what it read): only
// raster images, PDF and plain text are inline; everything but PDF gets a CSP sandbox that forbids
// scripts and makes the page an opaque origin. The extension table is pinned here, not the OS's.
import { Hono } from "hono";
import { stat } from "node:fs/promises";
import { extname } from "node:path";
import { T } from "../../texts/vi.ts";
import { resolveInWorkspace } from "../../tools/paths.ts";
import type { AppDeps } from "../deps.ts";

const INLINE: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".log": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".csv": "text/plain; charset=utf-8",
};

export function fileRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.get("/:id/files", async (c) => {
    const agent = d.crew().get(c.req.param("id"));
    if (!agent) return c.json({ detail: T.agentNotFound(c.req.param("id")) }, 404);
    const path = c.req.query("path") ?? "";
    if (!path) return c.json({ detail: T.badField("path", T.fileMissingPath) }, 422);
    const r = resolveInWorkspace(agent.workspace, path);
    if (!r.ok) return c.json({ detail: T.fileOutside }, 403);
    const info = await stat(r.abs).catch(() => null);
    if (!info?.isFile()) return c.json({ detail: T.fileNotFound }, 404);
    const ext = extname(r.abs).toLowerCase();
    const type = INLINE[ext];
    const headers: Record<string, string> = {
      "content-type": type ?? "application/octet-stream",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "no-store",
    };
    if (ext !== ".pdf") headers["content-security-policy"] = "sandbox";
    if (!type) {
      const filename = encodeURIComponent(r.abs.split("/").pop() ?? "file");
      headers["content-disposition"] = `attachment; filename="${filename}"`;
    }
    return new Response(Bun.file(r.abs), { headers });
  });
  return app;
}
