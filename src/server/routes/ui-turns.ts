// The chat screen's sends, follows and decisions (M-20…M-29): each answers with an SSE stream of
// htmx fragments (views/turn-stream.ts). Rejections are named events so the composer keeps the text.
import { Hono } from "hono";
import { z } from "zod";
import { chip } from "../../../views/composer.ts";
import { decideApproval, getApproval } from "../../store/approvals.ts";
import { getConversation } from "../../store/conversations.ts";
import { REQUEST_ID_MAX } from "../../store/requests.ts";
import { getRun } from "../../store/runs.ts";
import { T } from "../../texts/vi.ts";
import { send } from "../../turns/send.ts";
import { MAX_TEXT_CHARS } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { turnFrames, turnSource, uiSse } from "../ui-sse.ts";
import { TurnRenderer, type UiFrame } from "../../../views/turn-stream.ts";

const sendForm = z.object({ text: z.string().min(1).max(MAX_TEXT_CHARS), request_id: z.string().min(1).max(REQUEST_ID_MAX).optional() });
const decideForm = z.object({ decision: z.enum(["approve", "deny"]).optional(), always: z.string().optional(), answer: z.string().min(1).max(MAX_TEXT_CHARS).optional() });

async function* only(...frames: UiFrame[]): AsyncGenerator<UiFrame> {
  yield* frames;
}
const rejected = (status: number, detail: string) => uiSse(only({ event: "send-rejected", data: { status, detail } }));

export function uiTurnRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.post("/c/:id/send", async (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    if (!conv) return rejected(404, T.conversationNotFound);
    const form = sendForm.safeParse(Object.fromEntries(await c.req.formData().catch(() => new FormData())));
    if (!form.success) return rejected(422, T.badField(String(form.error.issues[0]!.path[0] ?? "text"), form.error.issues[0]!.message));
    const out = send(d.host, d.store, { conversationId: conv.id, text: form.data.text, source: "chat", requestId: form.data.request_id });
    switch (out.kind) {
      case "rejected":
        return rejected(out.status, out.detail);
      case "queued": {
        const html = `<hx-partial hx-target="#chips" hx-swap="beforeend">${chip(out.itemId, out.queueKind, form.data.text.replace(/^\/steer\s+/, ""))}</hx-partial>`;
        return uiSse(only({ event: "queued", data: { item_id: out.itemId, kind: out.queueKind, position: out.position } }, { html }));
      }
      case "replay":
        return out.turn ? uiSse(turnFrames(d, out.turn, conv.agentId, true)) : uiSse(only({ event: "replayed", data: {} }));
      case "started":
        return uiSse(turnFrames(d, out.turn, conv.agentId, false));
    }
  });

  /** Follow a turn this tab did not start (another tab, the queue drain, a reload mid-turn). */
  app.get("/c/:id/follow", (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    const turn = conv ? d.host.running(conv.id) : undefined;
    if (!conv || !turn) return uiSse(only({ event: "turn-end", data: { run_id: null, status: "idle" } }));
    return uiSse(turnFrames(d, turn, conv.agentId, true));
  });

  /** One finished turn as stored, replacing its container or appended (a turn this tab missed). */
  app.get("/c/:id/turns/:run", (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    const run = getRun(d.store, c.req.param("run"));
    if (!conv || !run || run.conversationId !== conv.id) return c.body(null, 404);
    const r = new TurnRenderer(run.id, turnSource(d, conv.id, run.id, conv.agentId));
    return c.html(r.snapshot(), 200, { "cache-control": "no-store" });
  });

  app.post("/ui/approvals/:id", async (c) => {
    const a = getApproval(d.store, c.req.param("id"));
    if (!a) return rejected(404, T.approvalNotFound);
    const form = decideForm.safeParse(Object.fromEntries(await c.req.formData().catch(() => new FormData())));
    if (!form.success) return rejected(422, T.badField("decision", form.error.issues[0]!.message));
    const f = form.data;
    if (a.kind === "question" ? !f.answer : !f.decision) return rejected(422, a.kind === "question" ? T.questionNeedsAnswer : T.answerNeedsQuestion);
    const decided = decideApproval(d.store, a.id, a.kind === "question" ? { status: "answered", answer: f.answer! } : f.decision === "approve" ? { status: "approved", always: f.always === "true" } : { status: "denied" });
    if (!decided) return rejected(409, T.alreadyDecided);
    const run = decided.runId ? getRun(d.store, decided.runId) : null;
    const conv = getConversation(d.store, decided.conversationId);
    if (!run || !conv || d.host.running(conv.id)) return uiSse(only({ event: "turn-end", data: { run_id: run?.id ?? null, status: "idle" } }));
    const turn = d.host.start(conv.id, { source: run.source, continueRunId: run.id });
    return uiSse(turnFrames(d, turn, conv.agentId, false));
  });

  return app;
}
