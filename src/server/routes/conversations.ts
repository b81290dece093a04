// Conversations API (K-01…K-05, K-17, K-21): create, list, get, edit options, delete.
import { Hono } from "hono";
import { z } from "zod";
import { createConversation, getConversation, listConversations } from "../../store/conversations.ts";
import { patch, remove, TITLE_MAX } from "../../turns/commands.ts";
import { T } from "../../texts/vi.ts";
import { TConv } from "../../texts/vi-conversations.ts";
import { conversationDetail, conversationJson } from "../../turns/json.ts";
import { toggleSkills } from "../../kits/skills.ts";
import { TKits } from "../../texts/vi-kits.ts";
import { readJson } from "../body.ts";
import { MASTER, type AppDeps } from "../deps.ts";
import { skillToggles } from "../header-data.ts";

const createBody = z.strictObject({ title: z.string().max(200).optional() });
const patchBody = z.strictObject({
  title: z.string().trim().min(1, TConv.titleEmpty).max(TITLE_MAX, TConv.titleTooLong(TITLE_MAX)).optional(),
  autonomous: z.boolean().optional(),
  cost_cap_usd: z.number().min(0).max(100_000).optional(),
  /** Revoke one always-allowed tool (D-07). */
  revoke_auto_approve: z.string().min(1).optional(),
  /** The skill toggles that are on (F-20); replaces the list. */
  skills: z.array(z.string().min(1)).max(100).optional(),
});

export function conversationRoutes(d: AppDeps): Hono {
  const app = new Hono();

  app.post("/", async (c) => {
    const b = await readJson(c, createBody);
    if (!b.ok) return b.response;
    const master = d.crew().get(MASTER)!;
    const conv = createConversation(d.store, {
      agentId: MASTER,
      title: b.value.title ?? "",
      channel: "web",
      source: "chat",
      costCapUsd: master.costCapUsd,
      autonomous: master.autonomous,
      approvalTtlSeconds: master.approvalTtlSeconds,
    });
    d.hub.conversation(conversationJson(conv));
    return c.json(conversationJson(conv), 201);
  });

  app.get("/", (c) => {
    const list = listConversations(d.store, { agentId: MASTER });
    return c.json({ conversations: list.map((x) => ({ ...conversationJson(x), running: !!d.host.running(x.id) })) });
  });

  app.get("/:id", (c) => {
    const id = c.req.param("id");
    const detail = conversationDetail(d.store, id, !!d.host.running(id));
    return detail ? c.json(detail) : c.json({ detail: T.conversationNotFound }, 404);
  });

  app.patch("/:id", async (c) => {
    const id = c.req.param("id");
    const conv = getConversation(d.store, id);
    if (!conv) return c.json({ detail: T.conversationNotFound }, 404);
    const b = await readJson(c, patchBody);
    if (!b.ok) return b.response;
    const v = b.value;
    const toggles = toggleSkills(d.crew().get(conv.agentId)?.kit.skills ?? []);
    const unknown = v.skills?.find((s) => !toggles.includes(s));
    if (unknown !== undefined) return c.json({ detail: TKits.unknownSkill(unknown) }, 422);
    const input = {
      title: v.title, autonomous: v.autonomous, costCapUsd: v.cost_cap_usd, revokeAutoApprove: v.revoke_auto_approve,
      skills: v.skills && [...new Set(v.skills)].sort(),
    };
    if (!patch(d, id, input)) return c.json({ detail: T.conversationNotFound }, 404);
    return c.json(conversationDetail(d.store, id, !!d.host.running(id)));
  });

  /** The agent's skills with this conversation's toggles (F-20): what an options card lists. */
  app.get("/:id/skills", (c) => {
    const conv = getConversation(d.store, c.req.param("id"));
    if (!conv) return c.json({ detail: T.conversationNotFound }, 404);
    return c.json({ skills: skillToggles(d, conv) });
  });

  app.delete("/:id", (c) => {
    if (!remove(d, c.req.param("id"))) return c.json({ detail: T.conversationNotFound }, 404);
    return c.body(null, 204);
  });

  return app;
}

