// shell_run: one /bin/sh command in the agent's workspace, with a minimal environment (H-07, N-19: no
// provider key reaches a command), inside the bubblewrap sandbox when there is one (sandbox.ts), with a
// bounded timeout and capped output. The command (bwrap included) runs in its own process group, so a
// timeout or a Stop kills everything it started, not just the shell.
import { homedir, tmpdir, userInfo } from "node:os";
import { z } from "zod";
import { defineTool, type ToolContext } from "./define.ts";
import { mustResolve, refusePath } from "./paths.ts";
import { sandboxArgv, sandboxRefusal } from "./sandbox.ts";
import { shellAskReason } from "./shell-ask.ts";
import { CappedOutput, drain, STREAM_CAP_BYTES } from "./shell-output.ts";
import { statOrNull } from "./text-files.ts";

export const SHELL_DEFAULT_TIMEOUT_S = 120;
export const SHELL_MAX_TIMEOUT_S = 900;
/** The only variables a command sees (H-07). */
export const SHELL_ENV_NAMES = ["PATH", "HOME", "LANG", "TERM", "TMPDIR", "USER", "SHELL"] as const;
/** After the shell exits, how long background processes may keep its pipes before capture stops. */
const PIPE_GRACE_MS = 1500;

const params = z.object({
  command: z
    .string()
    .min(1)
    .describe("The shell command to run with /bin/sh -c, for example \"ls -la\" or \"python3 report.py > out.txt\". " +
        "Pipes, redirections and && work."),
  timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(SHELL_MAX_TIMEOUT_S)
    .optional()
    .describe(`Stop the command after this many seconds (default ${SHELL_DEFAULT_TIMEOUT_S}, at most ` +
        `${SHELL_MAX_TIMEOUT_S}). Everything it started is killed.`),
  cwd: z
    .string()
    .optional()
    .describe('Folder to run in, relative to the workspace root (for example "scripts"). Default: the workspace root.'),
});

const SANDBOX_NOTE =
  "When the server has a sandbox, only the workspace and a private /tmp are writable; " +
  "the rest of the system is read-only.";

export const shellRun = defineTool({
  name: "shell_run",
  description: `Run a shell command in your workspace and get its exit code, stdout and stderr. The command gets a ` +
      `minimal environment (${SHELL_ENV_NAMES.join(", ")}) and no input; each stream is capped at ` +
      `${STREAM_CAP_BYTES / 1024} KB. A non-zero exit code is reported, not treated as a failure of the tool. ` +
      `${SANDBOX_NOTE} Asks the owner for approval unless the conversation is autonomous; dangerous commands (sudo, ` +
      `rm -rf on broad paths, forced git push, ...) always ask.`,
  params,
  requiresApproval: true,
  askReason: (args) => shellAskReason(args.command),
  refuse: (args, ctx) => refusePath(ctx, args.cwd) ?? sandboxRefusal(ctx.shell),
  summarize: (args) => args.command,
  async execute(args, ctx) {
    const cwd = mustResolve(ctx, args.cwd);
    if (!statOrNull(cwd)?.isDirectory()) throw new Error(`cwd ${args.cwd} is not a folder in the workspace. Use ` +
        `file_list to find the right one, or leave cwd out.`);
    if (ctx.signal.aborted) throw new Error(CANCELLED);
    const refused = sandboxRefusal(ctx.shell);
    if (refused) throw new Error(refused);
    const seconds = args.timeout_seconds ?? SHELL_DEFAULT_TIMEOUT_S;
    const end = await runShell(ctx, cwd, args.command, seconds);
    if (end.stopped === "cancelled") throw new Error(CANCELLED);
    return shellReport(end, seconds);
  },
});

/** How one command ended: what the tool reports, and what a scheduled command job reads (I-05). */
export type ShellEnd = {
  stopped: "timeout" | "cancelled" | null;
  exitCode: number | null;
  signalCode: string | null;
  out: CappedOutput;
  err: CappedOutput;
  /** Background processes still held the output when capture stopped. */
  lingering: boolean;
};

/**
 * Runs `command` with /bin/sh in `cwd` (a folder of the workspace), confined as `ctx.shell` says; it and
 * everything it started are killed after `seconds` or when `ctx.signal` aborts. Throws if it cannot start.
 */
export async function runShell(
  ctx: Pick<ToolContext, "workspace" | "shell" | "signal">,
  cwd: string,
  command: string,
  seconds: number,
): Promise<ShellEnd> {
  const bwrap = ctx.shell?.bwrap;
  // Inside the sandbox only /tmp (private to the command) and the workspace are writable.
  const argv = bwrap
    ? sandboxArgv({ ...ctx.shell!, bwrap }, ctx.workspace, cwd, command)
    : ["/bin/sh", "-c", command];
  const env = bwrap ? { ...shellEnv(), TMPDIR: "/tmp" } : shellEnv();
  let proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  try {
    proc = Bun.spawn(argv, { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe", detached: true });
  } catch (e) {
    throw new Error(`The command could not be started: ${(e as Error).message}.`);
  }
  const killGroup = () => {
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      // The group is already gone.
    }
  };
  // An object, not a let: the callbacks set it while this function awaits.
  const end: { stopped: "timeout" | "cancelled" | null } = { stopped: null };
  const timer = setTimeout(() => {
    end.stopped = "timeout";
    killGroup();
  }, seconds * 1000);
  const onAbort = () => {
    end.stopped ??= "cancelled";
    killGroup();
  };
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  if (ctx.signal.aborted) onAbort();

  const out = new CappedOutput();
  const err = new CappedOutput();
  const stopReading = Promise.withResolvers<void>();
  const reading = Promise.all([
    drain(proc.stdout, out, stopReading.promise),
    drain(proc.stderr, err, stopReading.promise),
  ]);
  try {
    await proc.exited;
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener("abort", onAbort);
  }
  const lingering = await Promise.race([reading.then(() => false), Bun.sleep(PIPE_GRACE_MS).then(() => true)]);
  stopReading.resolve();
  await reading;
  const signalCode = proc.signalCode === null ? null : String(proc.signalCode);
  return { stopped: end.stopped, exitCode: proc.exitCode, signalCode, out, err, lingering };
}

/** The tool's result text for a command that was not cancelled: how it ended, then its output. */
export function shellReport(end: ShellEnd, seconds: number): string {
  const head =
    end.stopped === "timeout"
      ? `Stopped after ${seconds} s: the command did not finish within timeout_seconds and was killed with every ` +
          `process it started. Give it a larger timeout_seconds (at most ${SHELL_MAX_TIMEOUT_S}), or run it in the ` +
          `background with its output redirected to a file.`
      : end.exitCode !== null
        ? `exit code: ${end.exitCode}`
        : `killed by signal ${end.signalCode ?? "unknown"}`;
  const note = end.lingering
    ? "\n[Processes started in the background still hold the output; what they print from now on is not captured. " +
        "Redirect their output to a file, e.g. `cmd > log.txt 2>&1 &`.]"
    : "";
  return `${head}\n${sections(end.out, end.err)}${note}`;
}

const CANCELLED = "The command was stopped because the turn was cancelled; it was killed with every process it " +
    "started.";

/** The environment a command gets: the server's values of the allowed names, or sane defaults. */
export function shellEnv(source: Record<string, string | undefined> = process.env): Record<string, string> {
  return {
    PATH: source.PATH || "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    HOME: source.HOME || homedir(),
    LANG: source.LANG || "C.UTF-8",
    TERM: source.TERM || "dumb",
    TMPDIR: source.TMPDIR || tmpdir(),
    USER: source.USER || currentUser(),
    SHELL: source.SHELL || "/bin/sh",
  };
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return "nobody";
  }
}

function sections(out: CappedOutput, err: CappedOutput): string {
  const parts: string[] = [];
  if (out.total > 0) parts.push(`stdout:\n${out.text().replace(/\n$/, "")}`);
  if (err.total > 0) parts.push(`stderr:\n${err.text().replace(/\n$/, "")}`);
  return parts.length > 0 ? parts.join("\n") : "(no output)";
}
