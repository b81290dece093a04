// The chat screen's stream and commands (M-20…M-29, docs/chat.md): GET /c/<id>/live is the screen's
// one stream; a send or a decision is a plain POST answering 202 (or a sentence with a 4xx), and what
// it causes reaches every screen of the conversation on that stream.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { getConversation } from "../../store/conversations.ts";
import { REQUEST_ID_MAX } from "../../store/requests.ts";
import { T } from "../../texts/vi.ts";
import { decide, send } from "../../turns/commands.ts";
import { MAX_TEXT_CHARS } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { liveStream } from "../live.ts";

const sendForm = z.object({
  text: z.string().min(1).max(MAX_TEXT_CHARS),
  request_id: z.string().min(1).max(REQUEST_ID_MAX).optional(),
});
const decideForm = z.object({
  decision: z.enum(["approve", "deny"]).optional(),
  always: z.string().optional(),
  answer: z.string().min(1).max(MAX_TEXT_CHARS).optional(),
});

/** A refusal the composer shows as it is: one sentence, as plain text. */
const refuse = (c: Context, status: 404 | 409 | 422 | 429, detail: string) => c.text(detail, status);
const badText = (i?: { path: PropertyKey[]; message: string }) =>
  T.badField(String(i?.path[0] ?? "text"), i?.message ?? "");
const form = (c: Context) => c.req.formData().then(Object.fromEntries, () => ({}));

/** The fingerprint a page passed (`?seen=`); anything that is not one is ignored. */
export const seenOf = (c: Context) => {
  const v = c.req.query("seen") ?? "";
  return /^[a-z0-9]{1,16}$/.test(v) ? v : undefined;
};

export function uiTurnRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/c/:id/live", (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    if (!conv) return refuse(c, 404, T.conversationNotFound);
    return liveStream(d, conv.id, seenOf(c));
  });

  app.post("/c/:id/send", async (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    if (!conv) return refuse(c, 404, T.conversationNotFound);
    const f = sendForm.safeParse(await form(c));
    if (!f.success) return refuse(c, 422, badText(f.error.issues[0]));
    const input = { conversationId: conv.id, text: f.data.text, source: "chat", requestId: f.data.request_id };
    const out = send(d, input);
    if (out.kind === "rejected") return refuse(c, out.status, out.detail);
    return c.body(null, 202);
  });

  app.post("/ui/approvals/:id", async (c) => {
    const f = decideForm.safeParse(await form(c));
    if (!f.success) return refuse(c, 422, T.badField("decision", f.error.issues[0]!.message));
    const v = f.data;
    const input = v.answer !== undefined ? { answer: v.answer }
      : v.decision ? { decision: v.decision, always: v.always === "true" } : null;
    if (!input) return refuse(c, 422, T.questionNeedsAnswer);
    const out = decide(d, c.req.param("id"), input);
    if (out.kind === "rejected") return refuse(c, out.status, out.detail);
    return c.body(null, 202);
  });

  return app;
}
