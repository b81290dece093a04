// Runs one command hook with Claude Code's contract (event JSON on stdin, exit 2 = block, stderr the
// reason), confined like a shell command (bwrap, kit folder bound read-only), cwd the workspace, the
// shell's minimal environment plus CLAUDE_PROJECT_DIR (no server secret), killed at its timeout.
import { sandboxArgv, type ShellConfinement } from "../tools/sandbox.ts";
import { shellEnv } from "../tools/shell-run.ts";
import type { HookRule } from "./types.ts";

export type HookOutcome = { exitCode: number | null; stdout: string; stderr: string; timedOut: boolean };

export type HookPlace = { workspace: string; shell?: ShellConfinement };

/** Where a kit's hooks run and for which conversation (their session_id). */
export type HookContext = HookPlace & { conversationId: string | null; log?: (line: string) => void };

const OUTPUT_CAP = 16 * 1024;

export async function runHook(
  rule: HookRule,
  payload: object,
  place: HookPlace,
  signal: AbortSignal,
): Promise<HookOutcome> {
  const bwrap = place.shell?.bwrap;
  const argv = bwrap
    ? withKit(sandboxArgv({ ...place.shell!, bwrap }, place.workspace, place.workspace, rule.command), rule.kitDir)
    : ["/bin/sh", "-c", rule.command];
  const env = { ...shellEnv(), ...(bwrap ? { TMPDIR: "/tmp" } : {}), CLAUDE_PROJECT_DIR: rule.projectDir };
  let proc: Bun.Subprocess<Blob, "pipe", "pipe">;
  try {
    const stdin = new Blob([JSON.stringify(payload)]);
    proc = Bun.spawn(argv, { cwd: place.workspace, env, stdin, stdout: "pipe", stderr: "pipe", detached: true });
  } catch (e) {
    const stderr = `the hook could not be started: ${(e as Error).message}`;
    return { exitCode: null, stdout: "", stderr, timedOut: false };
  }
  const killGroup = () => {
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), killGroup()), rule.timeoutSeconds * 1000);
  signal.addEventListener("abort", killGroup, { once: true });
  const reading = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  try {
    await proc.exited;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", killGroup);
    // A hook has no business leaving processes behind; they would also hold its pipes open.
    killGroup();
  }
  const [stdout, stderr] = await reading;
  return { exitCode: proc.exitCode, stdout: cap(stdout), stderr: cap(stderr).trim(), timedOut };
}

/** The kit folder lies in the hidden home: bind it back, read-only, after every other mount. */
function withKit(argv: string[], kitDir: string): string[] {
  const at = argv.indexOf("--chdir");
  return [...argv.slice(0, at), "--ro-bind", kitDir, kitDir, ...argv.slice(at)];
}

function cap(s: string): string {
  return s.length > OUTPUT_CAP ? `${s.slice(0, OUTPUT_CAP)}\n[cut at ${OUTPUT_CAP} characters]` : s;
}

/** null: not blocked; otherwise the reason ("" when the hook gave none). */
export function blockReason(out: HookOutcome): string | null {
  if (out.exitCode === 2) return out.stderr;
  if (out.exitCode !== 0) return null;
  const json = parseJson(out.stdout);
  type Specific = { permissionDecision?: string; permissionDecisionReason?: string } | undefined;
  const specific = json?.hookSpecificOutput as Specific;
  if (specific?.permissionDecision === "deny") return String(specific.permissionDecisionReason ?? "");
  if (json?.decision === "block") return String(json.reason ?? "");
  return null;
}

export function parseJson(s: string): Record<string, unknown> | null {
  const t = s.trim();
  if (!t.startsWith("{")) return null;
  try {
    return JSON.parse(t) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function failure(out: HookOutcome): string {
  if (out.timedOut) return "timed out";
  const how = out.exitCode === null ? "not run" : `exit ${out.exitCode}`;
  return out.stderr ? `${how}: ${out.stderr.split("\n")[0]}` : how;
}
