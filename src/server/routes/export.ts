// Run export downloads (J-13, J-19, J-20, N-16): GET /:id/export.json and /:id/export.md, `?full=1`
// keeps long tool results whole. Mounted at /api/activity/runs, so it sits behind the same Host/Origin
// fence as every path; served as attachments that are never cached, redacted with the server's env.
import { Hono, type Context } from "hono";
import { renderMarkdown } from "../../export/markdown.ts";
import { exportRun } from "../../export/run-export.ts";
import { T } from "../../texts/vi.ts";
import type { AppDeps } from "../deps.ts";

export function exportRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/:id/export.json", (c) => {
    const record = exportRun(d.store, c.req.param("id"), { full: wantsFull(c), env: d.env ?? process.env });
    if (!record) return c.json({ detail: T.runNotFound }, 404);
    return attachment(
      JSON.stringify(record, null, 2),
      "application/json; charset=utf-8",
      `run-${safeName(record.run.id)}.json`,
    );
  });

  app.get("/:id/export.md", (c) => {
    const record = exportRun(d.store, c.req.param("id"), { full: wantsFull(c), env: d.env ?? process.env });
    if (!record) return c.json({ detail: T.runNotFound }, 404);
    return attachment(renderMarkdown(record), "text/markdown; charset=utf-8", `run-${safeName(record.run.id)}.md`);
  });

  return app;
}

function wantsFull(c: Context): boolean {
  const v = c.req.query("full");
  return v === "1" || v === "true";
}

function attachment(body: string, type: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** Run ids are UUIDs, but a header must never carry a quote or a newline from one. */
function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, "_");
}
