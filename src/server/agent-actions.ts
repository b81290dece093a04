// The crew changes the owner can make (F-16, F-22, F-23), shared by the agents API and Manage → Team:
// install a template, save an agent, re-read every profile. Each accepted change rebuilds the running
// crew at once; the scheduler's re-read announces it (`jobs`, I-36); a refusal is one sentence and writes nothing.
import { readFileSync } from "node:fs";
import { installTemplate, type InstallProblem, type InstallRequest } from "../profiles/install.ts";
import { saveAgent, type SaveRequest } from "../profiles/save.ts";
import { T_AGENTS } from "../texts/vi-agents.ts";
import type { AppDeps } from "./deps.ts";

export type Refusal = { ok: false; status: 404 | 409 | 422; detail: string };

export async function installAgent(d: AppDeps, req: InstallRequest) {
  const p = profiles(d);
  const r = await installTemplate(p.paths, req);
  if (!r.ok) return refuse(r.problem.kind === "exists" ? 409 : 422, problemText(r.problem));
  // Joins the running crew at once (F-16); a master file broken by hand meanwhile keeps the old crew.
  const reloaded = p.reloadCrew();
  if (!reloaded.ok) d.log?.(`agents: installed ${r.installed.join(", ")} but not loaded: ${reloaded.error}`);
  else d.log?.(`agents: installed template ${req.template} as ${r.installed.join(", ")}; crew rebuilt`);
  return { ok: true as const, installed: r.installed, kept: r.kept };
}

export async function saveAgentFiles(d: AppDeps, id: string, req: SaveRequest) {
  const saved = await saveAgent(profiles(d), id, req);
  if (!saved.ok) return refuse(saved.status, saved.detail);
  d.log?.(`agents: saved ${id}; crew rebuilt`);
  return { ok: true as const };
}

export function reloadAgents(d: AppDeps) {
  const r = profiles(d).reloadCrew();
  if (!r.ok) return refuse(422, T_AGENTS.masterBroken(r.error));
  d.log?.("agents: profiles re-read from disk; crew rebuilt");
  return { ok: true as const };
}

/** The home and the reload path; the server always passes them (serve.ts, test/helpers/app.ts). */
export function profiles(d: AppDeps) {
  if (!d.paths || !d.reloadCrew) throw new Error("the agents API needs deps.paths and deps.reloadCrew");
  return { paths: d.paths, reloadCrew: d.reloadCrew, crew: d.crew };
}

/** A profile or persona file's text for the editor; a file not written yet reads as empty. */
export function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function refuse(status: Refusal["status"], detail: string): Refusal {
  return { ok: false, status, detail };
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
