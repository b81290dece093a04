// Manage → Team's forms (F-24, F-22, F-23): install a template, save an agent's two files, re-read the
// profiles. They call the same actions as the agents API and answer htmx with the whole #team fragment,
// carrying the refusal's sentence (and the typed text) or the success line.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { teamSection } from "../../../views/manage/team.ts";
import type { TeamData, TeamFlash } from "../../models/team.ts";
import { profileFile } from "../../profiles/install.ts";
import { agentsJson } from "../../profiles/listing.ts";
import { personaFile } from "../../profiles/save.ts";
import { T_TEAM } from "../../texts/vi-team.ts";
import { installAgent, profiles, readText, reloadAgents, saveAgentFiles } from "../agent-actions.ts";
import type { AppDeps } from "../deps.ts";

const MAX_FILE_CHARS = 100_000;
const installForm = z.object({ template: z.string().min(1).max(100) });
const saveForm = z.object({ yaml: z.string().max(MAX_FILE_CHARS), persona: z.string().max(MAX_FILE_CHARS) });

export function teamRoutes(d: AppDeps): Hono {
  const app = new Hono();
  const answer = (c: Context, flash: TeamFlash, status: 200 | 404 | 409 | 422 = 200) =>
    c.html(teamSection(teamData(d), flash), status);

  app.post("/manage/team/install", async (c) => {
    const form = installForm.safeParse(await fields(c));
    if (!form.success) return answer(c, { kind: "reload", ok: false, detail: T_TEAM.badForm }, 422);
    const template = form.data.template;
    const r = await installAgent(d, { template });
    if (!r.ok) return answer(c, { kind: "install", template, ok: false, detail: r.detail }, r.status);
    return answer(c, { kind: "install", template, ok: true, detail: T_TEAM.installedNow(r.installed) });
  });

  app.post("/manage/team/agents/:id", async (c) => {
    const id = c.req.param("id");
    const form = saveForm.safeParse(await fields(c));
    if (!form.success) return answer(c, { kind: "reload", ok: false, detail: T_TEAM.badForm }, 422);
    const typed = { yaml: form.data.yaml, persona: form.data.persona };
    const r = await saveAgentFiles(d, id, typed);
    if (!r.ok) return answer(c, { kind: "save", id, ok: false, detail: r.detail, ...typed }, r.status);
    return answer(c, { kind: "save", id, ok: true, detail: T_TEAM.saved, ...typed });
  });

  app.post("/manage/team/reload", (c) => {
    const r = reloadAgents(d);
    if (!r.ok) return answer(c, { kind: "reload", ok: false, detail: r.detail }, r.status);
    return answer(c, { kind: "reload", ok: true, detail: T_TEAM.reloaded });
  });

  return app;
}

/** The crew as the page shows it: the listing's badges plus each agent's two files for the editor. */
export function teamData(d: AppDeps): TeamData {
  const crew = d.crew();
  const { paths } = profiles(d);
  const listed = agentsJson(crew, d.store);
  return {
    agents: listed.agents.map((a) => {
      const file = profileFile(paths, a.id);
      const persona = crew.get(a.id)?.personaFile ?? personaFile(paths, a.id);
      const files = { file, yaml: readText(file), persona: readText(persona) };
      if (!("name" in a)) {
        const base = { id: a.id, master: false, name: a.id, description: "", mode: null, live: false };
        return { ...base, schedules: 0, telegram: false, broken: a.broken, ...files };
      }
      const { id, master, name, description, mode, live, telegram } = a;
      const schedules = a.schedules.length;
      return { id, master, name, description, mode, live, schedules, telegram, broken: null, ...files };
    }),
    templates: listed.templates.map(({ id, name, description, installed }) => ({ id, name, description, installed })),
  };
}

async function fields(c: Context): Promise<Record<string, unknown>> {
  const form = await c.req.formData().catch(() => new FormData());
  return Object.fromEntries(form);
}
