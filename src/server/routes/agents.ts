// Agents API (F-14…F-16, F-22, F-23), mounted at /api/agents: the crew as JSON, one agent's files for
// the editor, saving an agent, installing a bundled template and re-reading every profile. Each change
// rebuilds the running crew at once and announces it (`jobs`), so `restart_required` is always empty.
import { Hono } from "hono";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { installTemplate, profileFile, type InstallProblem } from "../../profiles/install.ts";
import { agentJson, agentsJson } from "../../profiles/listing.ts";
import { saveAgent } from "../../profiles/save.ts";
import { T_AGENTS } from "../../texts/vi-agents.ts";
import { T } from "../../texts/vi.ts";
import { runningAgentIds } from "../../store/runs.ts";
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
    const r = profiles(d).reloadCrew();
    if (!r.ok) return c.json({ detail: T_AGENTS.masterBroken(r.error) }, 422);
    d.hub.jobs();
    d.log?.("agents: profiles re-read from disk; crew rebuilt");
    return c.json({ ...list(), restart_required: [] });
  });

  app.post("/install", async (c) => {
    const b = await readJson(c, installBody);
    if (!b.ok) return b.response;
    const p = profiles(d);
    const r = await installTemplate(p.paths, b.value);
    if (!r.ok) return c.json({ detail: problemText(r.problem) }, r.problem.kind === "exists" ? 409 : 422);
    // Joins the running crew at once (F-16); a master file broken by hand meanwhile keeps the old crew.
    const reloaded = p.reloadCrew();
    if (!reloaded.ok) d.log?.(`agents: installed ${r.installed.join(", ")} but not loaded: ${reloaded.error}`);
    else d.log?.(`agents: installed template ${b.value.template} as ${r.installed.join(", ")}; crew rebuilt`);
    d.hub.jobs();
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
    const saved = await saveAgent(profiles(d), id, b.value);
    if (!saved.ok) return c.json({ detail: saved.detail }, saved.status);
    d.hub.jobs();
    d.log?.(`agents: saved ${id}; crew rebuilt`);
    const crew = d.crew();
    const agent = crew.get(id);
    const json = agent ? agentJson(agent, crew, d.store, runningAgentIds(d.store).has(id)) : null;
    return c.json({ agent: json, broken: crew.broken.get(id) ?? null, restart_required: [] });
  });

  return app;
}

/** The home and the reload path; the server always passes them (serve.ts, test/helpers/app.ts). */
function profiles(d: AppDeps) {
  if (!d.paths || !d.reloadCrew) throw new Error("the agents API needs deps.paths and deps.reloadCrew");
  return { paths: d.paths, reloadCrew: d.reloadCrew, crew: d.crew };
}

function problemText(p: InstallProblem): string {
  switch (p.kind) {
    case "unknown_template": return T_AGENTS.unknownTemplate(p.template, p.known);
    case "bad_id": return T_AGENTS.badId(p.id);
    case "exists": return T_AGENTS.exists(p.id);
    case "workspace_not_absolute": return T_AGENTS.workspaceNotAbsolute(p.path);
    case "workspace_missing": return T_AGENTS.workspaceMissing(p.path);
    case "workspace_holds_home": return T_AGENTS.workspaceHoldsHome(p.path);
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
