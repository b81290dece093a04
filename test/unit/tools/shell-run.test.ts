import { T } from "../../../src/texts/vi.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHELL_ENV_NAMES, shellEnv, shellRun } from "../../../src/tools/shell-run.ts";
import { until } from "../../helpers/wait.ts";
import { context, failure, run, tempDir } from "./helpers.ts";

let ws: string;
beforeEach(() => {
  ws = tempDir("mc-shell-");
});

/** Alive and not a zombie (a killed orphan may wait a moment for its reaper). */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync("/proc/self/stat")) return existsSync(stat) && !/^\d+ \(.*\) Z/.test(readIfThere(stat));
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The file's text, or "" when it vanished in the meantime (a process reaped between two reads). */
function readIfThere(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Waits until the process is gone (its group was killed; the reaper may take a moment). */
const gone = (pid: number) => until(() => alive(pid), (a) => !a);

describe("shell_run flags", () => {
  test("asks for approval, is not replay-safe, and summarises by its command", () => {
    expect(shellRun.requiresApproval).toBe(true);
    expect(shellRun.replaySafe).toBe(false);
    expect(shellRun.summarize?.({ command: "ls -la" } as never)).toBe("ls -la");
    expect(shellRun.askReason?.({ command: "ls -la" } as never)).toBeNull();
    expect(shellRun.askReason?.({ command: "sudo ls" } as never)).toStartWith(T.shellAsk.intro);
  });

  test("timeout_seconds is bounded at 900", () => {
    expect(shellRun.params.safeParse({ command: "ls", timeout_seconds: 901 }).success).toBe(false);
    expect(shellRun.params.safeParse({ command: "ls", timeout_seconds: 900 }).success).toBe(true);
    expect(shellRun.params.safeParse({ command: "ls", timeout_seconds: 0 }).success).toBe(false);
  });
});

describe("shell_run environment", () => {
  const planted = { OPENAI_API_KEY: "sk-test-should-not-leak", ANTHROPIC_API_KEY: "sk-ant-nope", MY_AGENT_INBOUND_TOKEN: "tok-nope" };
  beforeAll(() => Object.assign(process.env, planted));
  afterAll(() => {
    for (const k of Object.keys(planted)) delete process.env[k];
  });

  test("a command sees only the allowed names (plus what sh sets itself), no provider key", async () => {
    const out = await run(shellRun, { command: "env" }, context(ws));
    const names = out
      .split("\n")
      .slice(2)
      .map((l) => l.split("=")[0]);
    const shellOwn = ["PWD", "OLDPWD", "SHLVL", "_"];
    expect(names.filter((n) => !(SHELL_ENV_NAMES as readonly string[]).includes(n) && !shellOwn.includes(n))).toEqual([]);
    for (const name of SHELL_ENV_NAMES) expect(names).toContain(name);
    expect(out).not.toContain("sk-test-should-not-leak");
    expect(out).not.toContain("OPENAI_API_KEY");
    expect(out).not.toContain("MY_AGENT_INBOUND_TOKEN");
  });

  test("shellEnv takes the server's values and fills sane defaults", () => {
    const env = shellEnv({ PATH: "/custom/bin", HOME: "/home/x", OPENAI_API_KEY: "sk-1" });
    expect(Object.keys(env).sort()).toEqual([...SHELL_ENV_NAMES].sort());
    expect(env.PATH).toBe("/custom/bin");
    expect(env.HOME).toBe("/home/x");
    const bare = shellEnv({});
    expect(bare.PATH).toContain("/usr/bin");
    expect(bare.LANG).toBe("C.UTF-8");
    expect(bare.SHELL).toBe("/bin/sh");
    expect(bare.TERM).toBe("dumb");
  });
});

describe("shell_run results", () => {
  test("exit code, stdout and stderr; a non-zero exit is a result, not a throw", async () => {
    const out = await run(shellRun, { command: "echo out; echo err >&2; exit 3" }, context(ws));
    expect(out).toBe("exit code: 3\nstdout:\nout\nstderr:\nerr");
    expect(await run(shellRun, { command: "true" }, context(ws))).toBe("exit code: 0\n(no output)");
  });

  test("a command killed by a signal says so", async () => {
    expect(await run(shellRun, { command: "kill -TERM $$" }, context(ws))).toBe("killed by signal SIGTERM\n(no output)");
  });

  test("stdin is closed, so a command waiting for input ends at once", async () => {
    expect(await run(shellRun, { command: "cat; echo done", timeout_seconds: 5 }, context(ws))).toBe("exit code: 0\nstdout:\ndone");
  });

  test("each stream is capped at 64 KB, keeping head and tail and stating the dropped size", async () => {
    const command = "echo START; head -c 300000 /dev/zero | tr '\\0' a; echo; echo END; head -c 100000 /dev/zero | tr '\\0' b >&2";
    const out = await run(shellRun, { command }, context(ws));
    expect(out.startsWith("exit code: 0\nstdout:\nSTART\n")).toBe(true);
    expect(out).toContain("END\nstderr:\nbbbb");
    expect(out).toContain("bytes dropped from the middle (300011 bytes in all");
    expect(out).toContain("bytes dropped from the middle (100000 bytes in all");
    expect(out.length).toBeLessThan(2 * 64 * 1024 + 1000);
  });
});

describe("shell_run stopping", () => {
  test("a timeout kills the whole group, grandchildren included, and says so", async () => {
    const started = Date.now();
    const out = await run(shellRun, { command: "sh -c 'sleep 30 & echo $! > bg.pid; sleep 30'", timeout_seconds: 1 }, context(ws));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out).toMatch(/^Stopped after 1 s: the command did not finish within timeout_seconds/);
    const pid = Number(readFileSync(join(ws, "bg.pid"), "utf8"));
    expect(await gone(pid)).toBe(false);
  });

  test("the caller's abort signal kills the command and fails the call", async () => {
    const ac = new AbortController();
    const command = "sleep 30 & echo $! > bg.pid; sleep 30";
    const call = failure(shellRun, { command }, context(ws, { signal: ac.signal }));
    // Aborted once the command runs (its background child is written down), not after a guessed delay.
    expect(await until(() => readIfThere(join(ws, "bg.pid")).trim() !== "", Boolean)).toBe(true);
    const started = Date.now();
    ac.abort();
    const msg = await call;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(msg).toMatch(/turn was cancelled/);
    expect(await gone(Number(readFileSync(join(ws, "bg.pid"), "utf8")))).toBe(false);
  });

  test("an already aborted signal runs nothing", async () => {
    const ac = new AbortController();
    ac.abort();
    expect(await failure(shellRun, { command: "touch ran.txt" }, context(ws, { signal: ac.signal }))).toMatch(/cancelled/);
    expect(existsSync(join(ws, "ran.txt"))).toBe(false);
  });

  test("a background process that keeps the pipe open does not hold the call until the timeout", async () => {
    const started = Date.now();
    const out = await run(shellRun, { command: "sleep 20 & echo $! > bg.pid; echo hi", timeout_seconds: 60 }, context(ws));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out).toMatch(/^exit code: 0\nstdout:\nhi\n\[Processes started in the background still hold the output/);
    process.kill(Number(readFileSync(join(ws, "bg.pid"), "utf8")), "SIGKILL");
  });
});

describe("shell_run working folder", () => {
  test("runs in the workspace, or in cwd inside it", async () => {
    mkdirSync(join(ws, "sub"));
    expect(await run(shellRun, { command: "pwd" }, context(ws))).toBe(`exit code: 0\nstdout:\n${ws}`);
    expect(process.cwd()).not.toBe(ws);
    expect(await run(shellRun, { command: "pwd", cwd: "sub" }, context(ws))).toBe(`exit code: 0\nstdout:\n${join(ws, "sub")}`);
  });

  test("a cwd that is not a folder fails with a sentence", async () => {
    expect(await failure(shellRun, { command: "pwd", cwd: "nope" }, context(ws))).toMatch(/^cwd nope is not a folder in the workspace/);
  });
});
