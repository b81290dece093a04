// How the script child is started: the binary itself (or `bun src/main.ts` when not compiled) with the hidden
// `__script` subcommand, under an address-space and CPU limit (sh's ulimit) and, when bwrap works here, inside
// bubblewrap with no network, a private /tmp and /proc, and the owner's home and the crew's home covered.
import { existsSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join, sep } from "node:path";
import { probeSandbox } from "../tools/sandbox.ts";

export const SCRIPT_SUBCOMMAND = "__script";
/** What Bun itself maps before the script's heap (runtime, JIT, the QuickJS module): measured ~600 MB. */
export const RUNTIME_ADDRESS_SPACE = 1024 * 1024 * 1024;

/** CPU the child may spend before the script starts (from source, Bun transpiles it on a busy machine). */
const STARTUP_CPU_SECONDS = 5;

const root = join(import.meta.dir, "..", "..");

/** A compiled executable runs its entry from Bun's embedded file system. */
function compiled(): boolean {
  return import.meta.dir.startsWith("/$bunfs") || import.meta.dir.startsWith("B:\\~BUN");
}

/** The argv that runs this program again as the script child. */
export function selfArgv(): string[] {
  if (compiled()) return [process.execPath, SCRIPT_SUBCOMMAND];
  return [process.execPath, join(root, "src", "main.ts"), SCRIPT_SUBCOMMAND];
}

let bwrap: string | null | undefined;
/** bwrap's path when it can build a sandbox here, probed once per process. */
export function scriptSandbox(): string | null {
  if (bwrap === undefined) bwrap = probeSandbox().bwrap;
  return bwrap;
}

/** The whole command line: limits first (inherited by everything after), then bwrap, then ourselves. */
export function childArgv(
  memoryBytes: number,
  wallMs: number,
  sandbox: string | null = scriptSandbox(),
  self: string[] = selfArgv(),
): string[] {
  const limits = limitArgv(memoryBytes, wallMs);
  if (!sandbox) return [...limits, ...self];
  // bwrap always sets PWD in the sandbox; env -i hands the child the empty environment it was spawned with.
  return [...limits, sandbox, ...bwrapFlags(self), "--", "/usr/bin/env", "-i", ...self];
}

/**
 * sh sets the OS limits and execs the rest: the address space is the script's heap plus what the runtime maps,
 * the CPU time the wall clock plus start-up (a backstop: the parent kills at the wall clock).
 */
export function limitArgv(memoryBytes: number, wallMs: number): string[] {
  const kb = Math.ceil((memoryBytes + RUNTIME_ADDRESS_SPACE) / 1024);
  const cpuSeconds = Math.ceil(wallMs / 1000) + STARTUP_CPU_SECONDS;
  return ["/bin/sh", "-c", `ulimit -v ${kb} && ulimit -t ${cpuSeconds} && unset PWD && exec "$@"`, "sh"];
}

/**
 * The system read-only, fresh /dev and /proc (own PID namespace), no network, no IPC. /tmp, the home and the
 * crew's home are covered by an empty tmpfs; what the child needs to start (the executable, in development
 * the sources and node_modules) is bound back read-only inside them. No new session: the child stays in the
 * process group the parent kills.
 */
function bwrapFlags(self: string[]): string[] {
  const flags = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  flags.push("--unshare-pid", "--unshare-ipc", "--unshare-net", "--die-with-parent");
  const needed = self.length === 2 ? [self[0]!] : [self[0]!, root, realpathSync(join(root, "node_modules"))];
  const covered = ["/tmp", homedir(), process.env.MY_AGENT_HOME];
  const hidden = covered.filter((d): d is string => !!d && d !== "/" && existsSync(d));
  for (const dir of hidden) {
    flags.push("--tmpfs", dir);
    for (const path of needed) if (inside(path, dir)) flags.push("--ro-bind", path, path);
  }
  return [...flags, "--chdir", "/"];
}

function inside(p: string, dir: string): boolean {
  return p.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}
