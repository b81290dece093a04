// Sending and watching turns over HTTP (B-01…B-24): POST …/messages answers with the SSE stream of
// the turn (or a `queued` frame); GET …/turn attaches a late viewer; POST …/stop clears and cancels.
import { Hono } from "hono";
import { z } from "zod";
import { getConversation } from "../../store/conversations.ts";
import { REQUEST_ID_MAX } from "../../store/requests.ts";
import { T } from "../../texts/vi.ts";
import { conversationDetail } from "../../turns/json.ts";
import { send, stop } from "../../turns/commands.ts";
import { MAX_TEXT_CHARS, readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { framesOf, sseResponse } from "../sse.ts";

const sendBody = z.strictObject({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  request_id: z.string().min(1).max(REQUEST_ID_MAX)
    .regex(/^[\w.:-]+$/, { error: "letters, digits and . _ : - only" }).optional(),
});

export function turnRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.post("/:id/messages", async (c) => {
    const id = c.req.param("id");
    if (!getConversation(d.store, id)) return c.json({ detail: T.conversationNotFound }, 404);
    const b = await readJson(c, sendBody);
    if (!b.ok) return b.response;
    const out = send(d, { conversationId: id, text: b.value.text, source: "chat", requestId: b.value.request_id });
    switch (out.kind) {
      case "rejected":
        return c.json({ detail: out.detail }, out.status);
      case "queued":
        return sseResponse(framesOf(
          { type: "queued", item_id: out.itemId, kind: out.queueKind, position: out.position } as never,
        ));
      case "replay": {
        if (out.turn) {
          const q = out.turn.watch.attach();
          return sseResponse(q, { onClose: () => q.close() });
        }
        const frame = { type: "watching", conversation: conversationDetail(d.store, id, false), running: false };
        return sseResponse(framesOf(frame as never));
      }
      case "started": {
        const q = out.turn.watch.attachFirst();
        return sseResponse(q, { onClose: () => q.close() });
      }
    }
  });

  app.get("/:id/turn", (c) => {
    const id = c.req.param("id");
    if (!getConversation(d.store, id)) return c.json({ detail: T.conversationNotFound }, 404);
    const turn = d.host.running(id);
    if (!turn) return c.body(null, 204);
    const q = turn.watch.attach();
    return sseResponse(q, { onClose: () => q.close() });
  });

  app.post("/:id/stop", (c) => {
    const id = c.req.param("id");
    if (!getConversation(d.store, id)) return c.json({ detail: T.conversationNotFound }, 404);
    const out = stop(d, id);
    return out ? c.json(out) : c.json({ detail: T.conversationNotFound }, 404);
  });

  return app;
}
