// POST /api/inbound (channel seed, L-02…L-08): one request, one answer, for any platform.
import { Hono } from "hono";
import { z } from "zod";
import { inbound } from "../../channels/inbound.ts";
import { T } from "../../texts/vi.ts";
import { MAX_TEXT_CHARS, readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

/** The server's own channel names (L-05): a relay may not borrow them. */
const RESERVED = /^(chat|telegram|web|job|job:.*|delegate:.*|memory:.*)$/;
const NAME = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_.@-]+)?$/;

// strictObject: request_id is not accepted here (B-10).
const inboundBody = z.strictObject({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  agent_id: z.string().min(1).max(64).optional(),
  channel: z.string().max(120).regex(NAME, { error: 'like "api" or "api:home-relay"' }).default("api"),
  conversation_id: z.string().min(1).max(64).optional(),
  source: z.string().max(120).regex(NAME, { error: 'like "api" or "relay-home"' }).default("api"),
});

export function inboundRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.post("/", async (c) => {
    const b = await readJson(c, inboundBody);
    if (!b.ok) return b.response;
    const v = b.value;
    for (const name of [v.source, v.channel]) {
      if (RESERVED.test(name)) return c.json({ detail: T.reservedSource(name) }, 422);
    }
    const out = await inbound(
      { store: d.store, host: d.host, crew: d.crew, timezone: d.settings.timezone, log: d.log },
      { text: v.text, agentId: v.agent_id, channel: v.channel, conversationId: v.conversation_id, source: v.source },
    );
    return out.ok ? c.json(out.reply) : c.json({ detail: out.detail }, out.status);
  });
  return app;
}
