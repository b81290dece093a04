// The compiled ./my-crew for tests that must run the real thing: `npm test` builds it once into
// test-output/ and passes MY_CREW_BIN; a lone `bun test` builds it on first use.
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

export type Running = { proc: Bun.Subprocess<"ignore", "pipe", "pipe">; url: string; stderr: () => string };

/** Starts the binary and resolves once it logs its URL; rejects with its output if it exits first. */
export async function startBinary(args: string[], opts: { cwd?: string; env?: Record<string, string>; bin?: string } = {}): Promise<Running> {
  const proc = Bun.spawn([opts.bin ?? binaryPath(), ...args], {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tempDir("userhome"), ...opts.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let err = "";
  const reader = (async () => {
    for await (const chunk of proc.stderr) err += new TextDecoder().decode(chunk);
  })();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const m = /serving (http:\/\/\S+?)\/? /.exec(err);
    if (m) return { proc, url: m[1]!.replace(/\/$/, ""), stderr: () => err };
    if (proc.exitCode !== null) break;
    await Bun.sleep(20);
  }
  proc.kill("SIGKILL");
  await reader.catch(() => {});
  throw new Error(`binary did not start (exit ${proc.exitCode}): ${err}`);
}

/** Runs the binary to completion and returns exit code and output. */
export function runBinary(args: string[], env: Record<string, string> = {}, bin = binaryPath()) {
  const r = Bun.spawnSync([bin, ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: tempDir("userhome"), ...env },
    stdout: "pipe",
    stderr: "pipe",
    timeout: 20_000,
  });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}
