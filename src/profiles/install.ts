// Installing a bundled template (F-14, F-15): writes `<home>/agents/<id>/agent.yaml` and `persona.md`
// for the role and for each peer it delegates to that the home does not have yet. Everything is checked
// before the first write, so a refused install writes nothing. The caller decides who reloads the crew.
import { existsSync, mkdirSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { agentId, MASTER } from "../config/agent-schema.ts";
import { withFileLock, writeFileAtomic } from "../config/file-write.ts";
import { holdsHome, type HomePaths } from "../config/home.ts";
import { parseAgentText } from "../config/load.ts";
import { templateById, templates, withPeers } from "../templates/catalogue.ts";
import { PERSONA_FILE } from "../turns/crew.ts";

export type InstallRequest = { template: string; id?: string; workspace?: string };

/** Why an install was refused; the API and the CLI each say it in their own words. */
export type InstallProblem =
  | { kind: "unknown_template"; template: string; known: string[] }
  | { kind: "bad_id"; id: string }
  | { kind: "exists"; id: string }
  | { kind: "workspace_not_absolute" | "workspace_missing" | "workspace_holds_home"; path: string };

export type InstallResult =
  | { ok: true; installed: string[]; kept: string[] }
  | { ok: false; problem: InstallProblem };

export function installTemplate(paths: HomePaths, req: InstallRequest): Promise<InstallResult> {
  // One install at a time: two racing installs of one id must not both pass the "exists" check.
  return withFileLock(paths.agents, () => install(paths, req));
}

async function install(paths: HomePaths, req: InstallRequest): Promise<InstallResult> {
  const template = templateById(req.template);
  if (!template) {
    return refuse({ kind: "unknown_template", template: req.template, known: templates().map((t) => t.id) });
  }
  const id = req.id ?? template.id;
  if (id === MASTER || !agentId.safeParse(id).success) return refuse({ kind: "bad_id", id });
  if (existsSync(profileFile(paths, id))) return refuse({ kind: "exists", id });
  const workspaceProblem = req.workspace === undefined ? null : checkWorkspace(paths, req.workspace);
  if (workspaceProblem) return refuse(workspaceProblem);

  const [role, ...peers] = withPeers(template);
  const plan = [{ id, yaml: withWorkspace(role!.yaml, req.workspace), persona: role!.persona }];
  const kept: string[] = [];
  for (const peer of peers) {
    if (peer.id === id || existsSync(profileFile(paths, peer.id))) kept.push(peer.id);
    else plan.push({ id: peer.id, yaml: peer.yaml, persona: peer.persona });
  }
  // The workspace line is the only text added to a template: validate what will be written.
  for (const p of plan) parseAgentText(profileFile(paths, p.id), p.yaml);
  for (const p of plan) {
    const dir = join(paths.agents, p.id);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // An existing persona (say, kept in the folder of an agent removed earlier) is the owner's text.
    if (!existsSync(join(dir, PERSONA_FILE))) await writeFileAtomic(join(dir, PERSONA_FILE), p.persona);
    await writeFileAtomic(profileFile(paths, p.id), p.yaml);
  }
  return { ok: true, installed: plan.map((p) => p.id), kept };
}

export function profileFile(paths: HomePaths, id: string): string {
  return id === MASTER ? paths.masterProfile : join(paths.agents, id, "agent.yaml");
}

function refuse(problem: InstallProblem): InstallResult {
  return { ok: false, problem };
}

/** A pinned workspace is an existing directory given in full, and never one the home lives in. */
function checkWorkspace(paths: HomePaths, path: string): InstallProblem | null {
  if (!isAbsolute(path)) return { kind: "workspace_not_absolute", path };
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return { kind: "workspace_missing", path };
  // The agent's file tools reach everything under its workspace: the home's secrets must not be there.
  if (holdsHome(paths.root, path)) return { kind: "workspace_holds_home", path };
  return null;
}

function withWorkspace(yaml: string, workspace: string | undefined): string {
  // JSON's string syntax is valid YAML, so any path is written as one safe scalar.
  return workspace === undefined ? yaml : `${yaml.trimEnd()}\nworkspace: ${JSON.stringify(resolve(workspace))}\n`;
}
