// The compiled ./my-crew for tests that must run the real thing: `npm test` builds it once into
// test-output/ and passes MY_CREW_BIN; a lone `bun test` builds it on first use. Every process started
// here is tracked, stoppable with `await using`, and dies with the test process even if that is killed.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export function binaryPath(): string {
  const given = process.env.MY_CREW_BIN;
  if (given && existsSync(given)) return given;
  const out = join(root, "test-output", "my-crew");
  if (!existsSync(out)) {
    const r = Bun.spawnSync([process.execPath, "build.ts", "--outfile", out], { cwd: root, stdout: "ignore", stderr: "inherit" });
    if (r.exitCode !== 0) throw new Error("building the binary failed");
  }
  return out;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `mc-${prefix}-`));
}

export type Child = Bun.Subprocess<"ignore", "pipe", "pipe">;
const children = new Set<Child>();
// util-linux's setpriv sets the parent-death signal and then execs the command (same pid): a bun test
// process that is killed or times out takes its servers with it instead of leaving them running.
const setpriv = Bun.which("setpriv");

/** Spawns a long-running child that is tracked until it exits and dies with the test process. */
export function spawnChild(cmd: string[], opts: { cwd?: string; env: Record<string, string> }): Child {
  const argv = setpriv ? [setpriv, "--pdeathsig", "KILL", "--", ...cmd] : cmd;
  const proc = Bun.spawn(argv, { cwd: opts.cwd, env: opts.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  return proc;
}

/** Kills a child and waits until it is gone. */
export async function stop(proc: Child): Promise<void> {
  if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  await proc.exited;
}

/** Kills every child still running (for an afterAll: whatever a failed test left behind). */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

/** Collects a stream as text; `seen` resolves with the first match of `pattern`, or null at its end. */
export function watchText(stream: ReadableStream<Uint8Array>, pattern: RegExp) {
  let text = "";
  let found: (m: RegExpExecArray | null) => void = () => {};
  const seen = new Promise<RegExpExecArray | null>((r) => (found = r));
  const done = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      text += decoder.decode(chunk, { stream: true });
      const m = pattern.exec(text);
      if (m) found(m);
    }
    found(null);
  })().catch(() => found(null));
  return { seen, done, text: () => text };
}

export type Running = { proc: Child; url: string; stderr: () => string; stop: () => Promise<void> } & AsyncDisposable;
/** A binary that may have died while it booted: `url` is null then. */
export type Launched = Omit<Running, "url"> & { url: string | null };

/** Starts the binary and resolves once it logs its URL; rejects with its output if it exits first. */
export async function startBinary(args: string[], opts: StartOptions = {}): Promise<Running> {
  const r = await launchBinary(args, opts);
  if (r.url !== null) return { ...r, url: r.url };
  throw new Error(`binary did not start (exit ${r.proc.exitCode ?? r.proc.signalCode}): ${r.stderr()}`);
}

type StartOptions = { cwd?: string; env?: Record<string, string>; bin?: string };

/**
 * Starts the binary, tracked like every child; resolves once it logs its URL, or with `url` null once it
 * exited before that (a process killed while it boots). One that stays silent for 60 s is killed.
 */
export async function launchBinary(args: string[], opts: StartOptions = {}): Promise<Launched> {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tempDir("userhome"), ...opts.env };
  const proc = spawnChild([opts.bin ?? binaryPath(), ...args], { cwd: opts.cwd, env });
  const err = watchText(proc.stderr, /serving (http:\/\/\S+?)\/? /);
  const halt = () => stop(proc);
  const launched = { proc, stderr: err.text, stop: halt, [Symbol.asyncDispose]: halt };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((r) => (timer = setTimeout(() => r("late"), 60_000)));
  const m = await Promise.race([err.seen, late]);
  clearTimeout(timer);
  if (m === "late") {
    await halt();
    throw new Error(`binary logged no URL within 60 s: ${err.text()}`);
  }
  // No URL and the output closed: the process is gone, or going (halt waits for its exit either way).
  if (!m) await halt();
  return { ...launched, url: m ? m[1]!.replace(/\/$/, "") : null };
}

/** Runs the binary to completion and returns exit code and output. */
export function runBinary(args: string[], env: Record<string, string> = {}, bin = binaryPath()) {
  const r = Bun.spawnSync([bin, ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tempDir("userhome"), ...env },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 60_000,
  });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}
