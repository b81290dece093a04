// The shell sandbox (issue 9, N-19, H-06, H-09): bubblewrap around each shell command. The command sees
// the system read-only, its workspace read-write, a private /tmp and a /proc of its own processes, and
// nothing of the home (env file, database, other agents' folders) nor of the server's environment.
import { existsSync } from "node:fs";
import { sep } from "node:path";
import type { SandboxProbe } from "../models/sandbox.ts";

export type { SandboxProbe };

/** How one agent's shell commands are confined; the tool context carries it to shell_run. */
export type ShellConfinement = {
  /** bwrap's path, or null when there is no usable sandbox (commands then run directly). */
  bwrap: string | null;
  /** Folders a command must not see: the home, the agents' folders, other agents' workspaces. */
  hiddenDirs: string[];
  /** The home's secret files, blanked only when the workspace itself contains them. */
  hiddenFiles: string[];
  /** From the profile (`sandbox.network`); false needs the sandbox. */
  network: boolean;
};

/**
 * Finds bwrap and proves it can build the sandbox here: it may be installed yet unusable (no user
 * namespaces, a container that forbids mounts). `which` is injectable so tests can take it away.
 */
export function probeSandbox(which: (name: string) => string | null = (name) => Bun.which(name)): SandboxProbe {
  const bwrap = which("bwrap");
  if (!bwrap) return { bwrap: null, installed: false, reason: "bwrap (bubblewrap) is not installed" };
  let r: Bun.SyncSubprocess<"ignore", "pipe">;
  try {
    r = Bun.spawnSync([bwrap, ...baseFlags(true), "--", "/bin/true"], {
      env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
      stdout: "ignore",
      stderr: "pipe",
      timeout: 10_000,
    });
  } catch (e) {
    return { bwrap: null, installed: true, reason: `${bwrap} cannot be started (${(e as Error).message})` };
  }
  if (r.exitCode === 0) return { bwrap };
  const why = r.stderr.toString().trim().split("\n")[0] || `exit ${r.exitCode ?? r.signalCode}`;
  return { bwrap: null, installed: true, reason: `${bwrap} cannot build a sandbox on this machine (${why})` };
}

/**
 * The bwrap command line for `command`. Mount order matters: the home is covered with an empty tmpfs
 * before the workspace is bound back inside it; what lies inside the workspace is covered after.
 */
export function sandboxArgv(
  c: ShellConfinement & { bwrap: string },
  workspace: string,
  cwd: string,
  command: string,
): string[] {
  const before: string[] = [];
  const after: string[] = [];
  // A folder that does not exist has nothing to hide, and bwrap would create it as a mount point.
  const dirs = c.hiddenDirs.filter((d) => d !== workspace && existsSync(d));
  for (const dir of dirs) {
    if (dirs.some((parent) => covers(parent, dir, workspace))) continue;
    (inside(dir, workspace) ? after : before).push("--tmpfs", dir);
  }
  // A workspace that is the home itself (`workspace: "."`) would show the secret files again.
  for (const file of c.hiddenFiles) {
    if (inside(file, workspace) && existsSync(file)) after.push("--ro-bind", "/dev/null", file);
  }
  const mounts = [...before, "--bind", workspace, workspace, ...after];
  return [c.bwrap, ...baseFlags(c.network), ...mounts, "--chdir", cwd, "--", "/bin/sh", "-c", command];
}

/**
 * A new PID namespace with a fresh /proc: the command's /proc shows only its own processes, so the
 * server's /proc/<pid>/environ (which keeps the launch environment) is out of reach. bwrap and all it
 * starts stay in shell_run's process group, so killing the group still ends everything.
 */
function baseFlags(network: boolean): string[] {
  const flags = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"];
  flags.push("--unshare-pid", "--unshare-ipc");
  return network ? flags : [...flags, "--unshare-net"];
}

/** The sentence shell_run refuses with when the profile turns the network off and no sandbox exists. */
export function sandboxRefusal(c: ShellConfinement | undefined): string | null {
  if (!c || c.network || c.bwrap) return null;
  return (
    "This agent's profile turns the network off for shell commands (sandbox.network: false), but this machine " +
    "has no usable bubblewrap sandbox to enforce it, so no shell command can run. Tell the owner; installing " +
    "bubblewrap fixes it."
  );
}

/** Hiding `parent` already hides `dir`, unless the workspace, bound back in between, contains `dir`. */
function covers(parent: string, dir: string, workspace: string): boolean {
  return inside(dir, parent) && !(inside(workspace, parent) && inside(dir, workspace));
}

/** `p` strictly inside `root`. */
function inside(p: string, root: string): boolean {
  return p !== root && p.startsWith(root.endsWith(sep) ? root : root + sep);
}
