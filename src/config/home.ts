// The home directory (O-04): where it is, and the layout created on first start. Nothing here runs
// before the home lock is held, and nothing is created until every file in the home has validated.
import { chmodSync, existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

export class HomeError extends Error {}

export type HomePaths = {
  root: string;
  env: string;
  config: string;
  masterProfile: string;
  agents: string;
  skills: string;
  workspace: string;
  database: string;
};

export function resolveHome(flag: string | undefined, env: Record<string, string | undefined>): string {
  const raw = flag ?? env.MY_AGENT_HOME ?? join(homedir(), ".my-crew");
  return resolve(raw.startsWith("~/") ? join(homedir(), raw.slice(2)) : raw);
}

export function homePaths(root: string): HomePaths {
  return {
    root,
    env: join(root, "env"),
    config: join(root, "config.yaml"),
    masterProfile: join(root, "agent.yaml"),
    agents: join(root, "agents"),
    skills: join(root, "skills"),
    workspace: join(root, "workspace"),
    database: join(root, "my-crew.db"),
  };
}

/** An agent's workspace as a directory: a relative `workspace` is under the home (F-30). */
export function workspaceDir(root: string, workspace: string | undefined): string {
  return workspace ? (isAbsolute(workspace) ? workspace : join(root, workspace)) : join(root, "workspace");
}

/** True when `dir` is the home or contains it: an agent's file tools would reach the home's secrets. */
export function holdsHome(root: string, dir: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  const up = relative(real(dir), real(root));
  return up !== ".." && !up.startsWith(`..${sep}`);
}

/** Creates the home directory itself (needed before it can be locked), 0700 whatever the umask. */
export function ensureHomeDir(root: string): void {
  try {
    if (existsSync(root)) return;
    mkdirSync(root, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask, which may also take the owner's own bits.
    chmodSync(root, 0o700);
  } catch (e) {
    throw new HomeError(`cannot create home ${root}: ${reason(e)}`);
  }
}

const ENV_HEADER = "# my-crew secrets: NAME=value lines, loaded at start. Never commit or share this file.\n";

/** Creates what is missing of the layout; existing files are never touched. */
export function ensureLayout(p: HomePaths): void {
  try {
    for (const dir of [p.agents, p.skills, p.workspace]) mkdirSync(dir, { recursive: true });
    if (!existsSync(p.env)) {
      writeFileSync(p.env, ENV_HEADER, { mode: 0o600, flag: "wx" });
      chmodSync(p.env, 0o600);
    }
  } catch (e) {
    throw new HomeError(`cannot write to home ${p.root}: ${reason(e)}`);
  }
}

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const where = err.path ? ` (${err.path})` : "";
  switch (err.code) {
    case "EACCES": case "EPERM": return `permission denied${where}`;
    case "ENOTDIR": case "EEXIST": return `a file is in the way${where}`;
    case "EROFS": return `read-only file system${where}`;
    case "ENOSPC": return `disk full${where}`;
    default: return `${err.code ?? "error"}${where}`;
  }
}
