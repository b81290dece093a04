// POST /api/conversations/{id}/fork (K-07…K-12, docs/fork.md): a branch of the conversation before one
// of its stored user messages. Answers 201 with the branch; every screen's list learns of it at once.
import { Hono } from "hono";
import { z } from "zod";
import { fork } from "../../turns/fork.ts";
import { conversationJson } from "../../turns/json.ts";
import { readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

const forkBody = z.strictObject({ before_message_id: z.number().int().positive() });

export function forkRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.post("/:id/fork", async (c) => {
    const b = await readJson(c, forkBody);
    if (!b.ok) return b.response;
    const out = fork(d.store, c.req.param("id"), b.value.before_message_id, (id) => d.crew().get(id));
    if (out.kind === "rejected") return c.json({ detail: out.detail }, out.status);
    const branch = conversationJson(out.conversation);
    d.hub.conversation(branch);
    return c.json({ ...branch, copied_messages: out.copied, closed_calls: out.closed }, 201);
  });

  return app;
}
