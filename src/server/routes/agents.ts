// Agents API (F-14…F-16, F-22, F-23), mounted at /api/agents: the crew as JSON, one agent's files for
// the editor, saving an agent, installing a bundled template and re-reading every profile. Each change
// rebuilds the running crew at once and announces it (`jobs`), so `restart_required` is always empty.
import { Hono } from "hono";
import { z } from "zod";
import { profileFile } from "../../profiles/install.ts";
import { agentJson, agentsJson } from "../../profiles/listing.ts";
import { T } from "../../texts/vi.ts";
import { runningAgentIds } from "../../store/runs.ts";
import { installAgent, profiles, readText, reloadAgents, saveAgentFiles } from "../agent-actions.ts";
import { readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";

const MAX_FILE_CHARS = 100_000;
const installBody = z.strictObject({
  template: z.string().min(1).max(100),
  id: z.string().min(1).max(100).optional(),
  workspace: z.string().min(1).max(4096).optional(),
});
const saveBody = z.strictObject({
  yaml: z.string().max(MAX_FILE_CHARS),
  persona: z.string().max(MAX_FILE_CHARS).optional(),
});

export function agentRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const list = () => agentsJson(d.crew(), d.store);

  app.get("/", (c) => c.json(list()));

  app.post("/reload", (c) => {
    const r = reloadAgents(d);
    return r.ok ? c.json({ ...list(), restart_required: [] }) : c.json({ detail: r.detail }, r.status);
  });

  app.post("/install", async (c) => {
    const b = await readJson(c, installBody);
    if (!b.ok) return b.response;
    const r = await installAgent(d, b.value);
    if (!r.ok) return c.json({ detail: r.detail }, r.status);
    return c.json({ installed: r.installed, kept: r.kept, ...list(), restart_required: [] }, 201);
  });

  app.get("/:id", (c) => {
    const id = c.req.param("id");
    const crew = d.crew();
    if (!crew.agents.has(id) && !crew.broken.has(id)) return c.json({ detail: T.agentNotFound(id) }, 404);
    const file = profileFile(profiles(d).paths, id);
    const agent = crew.get(id);
    return c.json({
      id,
      file,
      yaml: readText(file),
      persona: agent ? readText(agent.personaFile) : "",
      agent: agent ? agentJson(agent, crew, d.store, runningAgentIds(d.store).has(id)) : null,
      broken: crew.broken.get(id) ?? null,
    });
  });

  app.put("/:id", async (c) => {
    const b = await readJson(c, saveBody);
    if (!b.ok) return b.response;
    const id = c.req.param("id");
    const saved = await saveAgentFiles(d, id, b.value);
    if (!saved.ok) return c.json({ detail: saved.detail }, saved.status);
    const crew = d.crew();
    const agent = crew.get(id);
    const json = agent ? agentJson(agent, crew, d.store, runningAgentIds(d.store).has(id)) : null;
    return c.json({ agent: json, broken: crew.broken.get(id) ?? null, restart_required: [] });
  });

  return app;
}
