// GET /api/conversations/:id/export.md (K-19): the whole conversation as a Markdown attachment named
// after its title, redacted with the server's own environment, never cached. Unknown id: 404.
import { Hono } from "hono";
import { attachmentHeader, exportConversation } from "../../export/conversation-export.ts";
import { T } from "../../texts/vi.ts";
import type { AppDeps } from "../deps.ts";
import { errorResponse } from "../errors.ts";

export function conversationExportRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/:id/export.md", (c) => {
    const x = exportConversation(d.store, c.req.param("id"), d.env ?? process.env);
    if (!x) return errorResponse(c, 404, T.conversationNotFound);
    return new Response(x.markdown, {
      headers: {
        "content-type": "text/markdown; charset=utf-8",
        "content-disposition": attachmentHeader(x.title),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });

  return app;
}
