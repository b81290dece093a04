// POST /v1/chat/completions (docs/openai-api.md): the last user message goes through the inbound gate
// to the agent the model names; the answer comes back whole or as chunks, after any approval the
// owner gives in the web UI meanwhile.
import { Hono } from "hono";
import { agentOfModel, openAiTurn } from "../../channels/openai-chat.ts";
import { TO } from "../../texts/vi-openai.ts";
import type { AppDeps } from "../deps.ts";
import type { ClientEnv } from "../listen.ts";
import { readChat } from "../openai-body.ts";
import { openAiError, type OpenAiStatus } from "../openai-error.ts";
import { chunks, completion, replyMeta } from "../openai-reply.ts";
import { sseResponse } from "../sse.ts";

/** Names the conversation to continue; every answer carries the one it went to. */
export const CONVERSATION_HEADER = "x-my-crew-conversation";

export function openAiChatRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.post("/chat/completions", async (c) => {
    const b = await readChat(c);
    if (!b.ok) return b.response;
    const v = b.value;
    const agentId = agentOfModel(d.crew(), v.model);
    if (!agentId) return openAiError(c, 404, TO.modelNotFound(v.model), { param: "model", code: "model_not_found" });
    const conversationId = c.req.header(CONVERSATION_HEADER) || undefined;
    const gone = new AbortController();
    const deps = { store: d.store, host: d.host, crew: d.crew, timezone: d.settings.timezone, hub: d.hub, log: d.log };
    const turn = await openAiTurn(deps, { agentId, text: v.text, conversationId, user: v.user, signal: gone.signal });
    if (turn.kind === "rejected") {
      // A bare `/steer` is a bad request here; the rest keep their /api/inbound meaning.
      const status: OpenAiStatus = turn.status === 422 ? 400 : turn.status;
      const param = turn.status === 404 ? (conversationId ? CONVERSATION_HEADER : "model") : null;
      return openAiError(c, status, turn.detail, { param });
    }
    const meta = replyMeta(turn, v.model);
    if (v.stream) {
      // The SSE heartbeat keeps the connection open while the owner decides.
      const res = sseResponse(chunks(d.store, turn, meta, v.includeUsage), {
        encode: (s: string) => s, onClose: () => gone.abort(),
      });
      res.headers.set(CONVERSATION_HEADER, turn.conversationId);
      return res;
    }
    // A whole answer may wait for the owner's decision longer than the server's idle timeout.
    (c.env as ClientEnv | undefined)?.keepOpen?.();
    c.req.raw.signal.addEventListener("abort", () => gone.abort());
    c.header(CONVERSATION_HEADER, turn.conversationId);
    return c.json(await completion(d.store, turn, meta));
  });
  return app;
}
