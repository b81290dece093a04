// Approvals API (D-01, D-07, D-09…D-11, B-19): pending and decided requests; a decision continues the
// same run at once, which claims the conversation before this response is sent.
import { Hono } from "hono";
import { z } from "zod";
import { getApproval, listDecided, listPending } from "../../store/approvals.ts";
import { decide } from "../../turns/commands.ts";
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

  app.get("/", (c) =>
    c.json({ pending: listPending(d.store).map(approvalJson), decided: listDecided(d.store).map(approvalJson) }));

  app.post("/:id", async (c) => {
    const existing = getApproval(d.store, c.req.param("id"));
    if (!existing) return c.json({ detail: T.approvalNotFound }, 404);
    const b = await readJson(c, decideBody);
    if (!b.ok) return b.response;
    const out = decide(d, existing.id, b.value);
    if (out.kind === "rejected") return c.json({ detail: out.detail }, out.status);
    return c.json({ approval: approvalJson(out.approval), run_id: out.runId });
  });

  return app;
}
