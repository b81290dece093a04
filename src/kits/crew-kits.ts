// What kits and skills folders give the crew: the kit members loadAgents adds, and per agent its
// commands, skills, hooks and (for a kit member) persona. Kits are read under the home and under the
// agents' own folders only — never inside a workspace, whose `.claude/` belongs to its developer (F-18).
import { existsSync, readdirSync } from "node:fs";
import { basename, isAbsolute, join } from "node:path";
import type { AgentProfile } from "../config/agent-schema.ts";
import { readKits } from "./read-kit.ts";
import { isDir, mergeSkills, readSkills, skillSections } from "./skills.ts";
import type { AgentKit, Kit, KitCommand, KitMember } from "./types.ts";

type Warn = (line: string) => void;

/**
 * Every kit member of a home: the home's kits, then each agent folder's, in name order. Among kits the
 * first definition of an id wins; `taken` (the ids agent.yaml files claim) always wins over a kit.
 */
export function crewKitMembers(home: string, profiles: Map<string, AgentProfile>, warn: Warn): KitMember[] {
  const seen = new Set(profiles.keys());
  const workspaces = workspacesOf(home, profiles);
  return [home, ...agentFolders(home)].flatMap((root) => readKits(root, warn, workspaces).members).filter((m) => {
    if (seen.has(m.id)) return false;
    seen.add(m.id);
    return true;
  });
}

/** At load: warns, naming the file, about skills that cannot be used and skills_dirs that do not exist. */
export function checkSkills(home: string, profiles: Map<string, AgentProfile>, warn: Warn): void {
  readSkills(join(home, "skills"), warn);
  for (const [id, p] of profiles) {
    for (const dir of skillDirs(home, p)) {
      if (isDir(dir)) readSkills(dir, warn);
      else warn(`agent ${id}: skills_dirs folder ${dir} does not exist`);
    }
  }
}

/** The kits of one crew build, read once: the home's and each agent folder's (by id). */
export type CrewKits = { home: Kit; byAgent: Map<string, Kit>; homeSkills: string; root: string };

export function readCrewKits(home: string, workspaces: string[], warn: Warn = () => {}): CrewKits {
  const byAgent = new Map(agentFolders(home).map((dir) => [basename(dir), readKits(dir, warn, workspaces)]));
  return { home: readKits(home, warn, workspaces), byAgent, homeSkills: join(home, "skills"), root: home };
}

/**
 * One agent's kit: the home's kits apply to every agent, its own folder's add to them (its commands
 * override the home's of the same name). Skills: its skills_dirs, its kits', the home's, the home kits'.
 */
export function agentKit(kits: CrewKits, id: string, p: AgentProfile, warn: Warn = () => {}): AgentKit {
  const own = kits.byAgent.get(id);
  const layers = own ? [kits.home, own] : [kits.home];
  const commands = new Map<string, KitCommand>();
  for (const layer of layers) for (const c of layer.commands) commands.set(c.name, c);
  const skills = mergeSkills([
    ...skillDirs(kits.root, p).map((d) => readSkills(d, warn)),
    own?.skills ?? [],
    readSkills(kits.homeSkills, warn),
    kits.home.skills,
  ]);
  // The same rule as loadAgents: a yaml profile (the master always has one) wins over a kit member.
  const yaml = id === "default" || existsSync(join(kits.root, "agents", id, "agent.yaml"));
  const members = yaml ? [] : [kits.home, ...kits.byAgent.values()].flatMap((k) => k.members);
  const member = members.find((m) => m.id === id);
  return { commands, skills, hooks: layers.flatMap((k) => k.hooks), persona: member?.persona ?? null };
}

/**
 * The prompt sections kits and skills add for one conversation: a kit member's persona, then its
 * skills in force (`always` ones and the conversation's enabled toggles). Stable across turns.
 */
export function kitSections(kit: AgentKit | undefined, enabledSkills: readonly string[] = []): string[] {
  if (!kit) return [];
  return [...(kit.persona ? [kit.persona] : []), ...skillSections(kit.skills, enabledSkills)];
}

/** `<home>/agents/<id>/` folders: the agents' own folders, where their kits may live. */
export function agentFolders(home: string): string[] {
  const dir = join(home, "agents");
  if (!isDir(dir)) return [];
  return readdirSync(dir).sort().map((name) => join(dir, name)).filter(isDir);
}

/** An agent's `skills_dirs`, relative ones taken from the home. */
function skillDirs(home: string, p: AgentProfile): string[] {
  return (p.skills_dirs ?? []).map((d) => (isAbsolute(d) ? d : join(home, d)));
}

/** Where the profiles' workspaces are (as crew.ts resolves them; the default is `<home>/workspace`). */
function workspacesOf(home: string, profiles: Map<string, AgentProfile>): string[] {
  const dirs = [...profiles.values()].map((p) => p.workspace);
  return [...new Set(dirs.map((w) => (w ? (isAbsolute(w) ? w : join(home, w)) : join(home, "workspace"))))];
}
