// Approvals API (D-01, D-07, D-09…D-11, B-19): pending and decided requests; a decision continues the
// same run at once, which claims the conversation before this response is sent.
import { Hono } from "hono";
import { z } from "zod";
import { decideApproval, getApproval, listDecided, listPending, type Decision } from "../../store/approvals.ts";
import { getRun } from "../../store/runs.ts";
import { T } from "../../texts/vi.ts";
import { approvalJson } from "../../turns/json.ts";
import { MAX_TEXT_CHARS, readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

const decideBody = z.union([
  z.strictObject({ decision: z.enum(["approve", "deny"]), always: z.boolean().optional() }),
  z.strictObject({ answer: z.string().min(1).max(MAX_TEXT_CHARS) }),
]);

export function approvalRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.get("/", (c) => c.json({ pending: listPending(d.store).map(approvalJson), decided: listDecided(d.store).map(approvalJson) }));

  app.post("/:id", async (c) => {
    const existing = getApproval(d.store, c.req.param("id"));
    if (!existing) return c.json({ detail: T.approvalNotFound }, 404);
    const b = await readJson(c, decideBody);
    if (!b.ok) return b.response;
    const v = b.value;
    const isAnswer = "answer" in v;
    if (isAnswer !== (existing.kind === "question")) {
      return c.json({ detail: isAnswer ? T.answerNeedsQuestion : T.questionNeedsAnswer }, 422);
    }
    const decision: Decision = isAnswer ? { status: "answered", answer: v.answer } : v.decision === "approve" ? { status: "approved", always: v.always === true } : { status: "denied" };
    const decided = decideApproval(d.store, existing.id, decision);
    if (!decided) return c.json({ detail: T.alreadyDecided }, 409);
    const run = decided.runId ? getRun(d.store, decided.runId) : null;
    const turn = run && !d.host.running(decided.conversationId) ? d.host.start(decided.conversationId, { source: run.source, continueRunId: run.id }) : null;
    return c.json({ approval: approvalJson(decided), run_id: turn?.runId ?? null });
  });

  return app;
}
