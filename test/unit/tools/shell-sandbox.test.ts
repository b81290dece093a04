// shell_run inside the bubblewrap sandbox (issue 9): a real temp home with a secret env file, a database
// and another agent's folder, confined the way the crew confines each agent. Every "cannot see" case
// has an unsandboxed control that does see, so the assertions can fail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentSchema } from "../../../src/config/agent-schema.ts";
import { configSchema } from "../../../src/config/config-schema.ts";
import { ensureLayout, homePaths } from "../../../src/config/home.ts";
import { resolveSettings } from "../../../src/config/settings.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { probeSandbox } from "../../../src/tools/sandbox.ts";
import { shellRun } from "../../../src/tools/shell-run.ts";
import { buildCrew, type AgentRuntime } from "../../../src/turns/crew.ts";
import { until } from "../../helpers/wait.ts";
import { context, failure, refusal, run, tempDir } from "./helpers.ts";

const FILE_SECRET = "sk-file-secret-0a1b2c3d4e";
const SERVER_SECRET = "sk-server-secret-9f8e7d6c5b";
const OTHER_SECRET = "other-agent-private-notes-77";

const probe = probeSandbox();
const bwrap = probe.bwrap;
const root = tempDir("mc-sandbox-");
const paths = homePaths(root);
let store: Store;

/** The crew's runtime for `id`, built with or without the sandbox. */
function agent(id: string, sandboxed: boolean, profiles: Record<string, unknown> = {}): AgentRuntime {
  const settings = resolveSettings(configSchema.parse({}), { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" });
  const all = { default: {}, other: { workspace: "agents/other/workspace" }, ...profiles };
  const parsed = new Map(Object.entries(all).map(([k, v]) => [k, agentSchema.parse(v)]));
  return buildCrew(settings, parsed, paths, {}, sandboxed ? bwrap : null).get(id)!;
}

const shell = (a: AgentRuntime, command: string, extra = {}) =>
  run(shellRun, { command, ...extra }, context(a.workspace, { shell: a.shell }));

/** The live processes with `marker` in their command line once there are none, or those left at the
 * deadline (a killed process may stay a zombie for a moment until its parent reaps it). */
const gone = (marker: string) => until(() => pidsWith(marker), (pids) => pids.length === 0);

/** Host pids whose command line contains `marker` (the sandbox's own pids mean nothing out here). */
function pidsWith(marker: string): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const cmd = readFileSync(`/proc/${d}/cmdline`, "utf8");
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        return cmd.includes(marker) && !/^\d+ \(.*\) Z/.test(stat);
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(() => {
  ensureLayout(paths);
  writeFileSync(paths.env, `OPENAI_API_KEY=${FILE_SECRET}\n`);
  store = openStore(paths.database);
  mkdirSync(join(root, "agents", "other", "workspace"), { recursive: true });
  writeFileSync(join(root, "agents", "other", "workspace", "notes.txt"), OTHER_SECRET);
  process.env.SANDBOX_TEST_API_KEY = SERVER_SECRET;
});
afterAll(() => {
  store.close();
  delete process.env.SANDBOX_TEST_API_KEY;
});

describe("the start-up check", () => {
  test("bwrap is found and works on this machine (CI installs bubblewrap)", () => {
    expect(probe).toEqual({ bwrap: expect.stringContaining("bwrap") });
  });

  test("missing bwrap, or one that cannot build a sandbox, is reported with a reason", () => {
    const missing = probeSandbox(() => null);
    expect(missing).toEqual({ bwrap: null, installed: false, reason: "bwrap (bubblewrap) is not installed" });
    const broken = probeSandbox(() => "/bin/false");
    expect(broken.bwrap).toBeNull();
    expect(broken).toMatchObject({ installed: true, reason: expect.stringContaining("cannot build a sandbox") });
  });
});

describe("secrets are out of a sandboxed command's reach", () => {
  const probeCommand =
    "env; cat /proc/$PPID/environ; cat ../env; cat ../my-crew.db | head -c 100; " +
    "ls ../agents/other/workspace; cat ../agents/other/workspace/notes.txt";

  test("env, the parent's environ, the home's env file, the database and the other agent's folder", async () => {
    const out = await shell(agent("default", true), probeCommand);
    for (const secret of [FILE_SECRET, SERVER_SECRET, OTHER_SECRET, "SQLite format"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("../env: No such file or directory");
  });

  test("control: unsandboxed, the same command reads the env file, the database and the other folder", async () => {
    const out = await shell(agent("default", false), probeCommand);
    expect(out).toContain(FILE_SECRET);
    expect(out).toContain(OTHER_SECRET);
    expect(out).toContain("SQLite format");
  });

  test("the command's /proc shows only its own processes, never the server", async () => {
    const command = `ls /proc | grep -x '[0-9]*' | wc -l; cat /proc/${process.pid}/environ`;
    const out = await shell(agent("default", true), command);
    expect(Number(out.split("\n")[2])).toBeLessThan(6);
    expect(out).toContain(`/proc/${process.pid}/environ: No such file or directory`);
  });

  test("a member agent does not see the master's workspace", async () => {
    writeFileSync(join(paths.workspace, "master.txt"), "master-only");
    const command = `cat ${join(paths.workspace, "master.txt")}; cat notes.txt`;
    const out = await shell(agent("other", true), command);
    expect(out).not.toContain("master-only");
    expect(out).toContain(OTHER_SECRET);
  });

  test("a workspace that is the home itself still shows no env file, database or agents", async () => {
    const a = agent("default", true, { default: { workspace: "." } });
    expect(a.workspace).toBe(root);
    const out = await shell(a, "cat env; cat my-crew.db | head -c 100; ls agents; echo end");
    for (const secret of [FILE_SECRET, OTHER_SECRET, "SQLite format", "other"]) expect(out).not.toContain(secret);
    expect(out).toContain("end");
  });
});

describe("what a sandboxed command may do", () => {
  test("write in its workspace and a private /tmp, not the rest of the system", async () => {
    const a = agent("default", true);
    const command = "echo hi > made.txt && echo t > /tmp/t && cat /tmp/t; touch /usr/nope 2>&1; echo $TMPDIR";
    const out = await shell(a, command);
    expect(readFileSync(join(a.workspace, "made.txt"), "utf8")).toBe("hi\n");
    expect(out).toContain("Read-only file system");
    expect(out).toContain("stdout:\nt\n");
    expect(out).toEndWith("/tmp");
  });

  test("the network is on by default and off with sandbox.network: false", async () => {
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("reached") });
    try {
      const url = `http://127.0.0.1:${server.port}/`;
      const script = `fetch("${url}").then(r => r.text()).then(console.log, () => console.log("unreachable"))`;
      // A system runtime: the sandbox's private /tmp hides a checkout (and its bun) that lives under /tmp.
      const runtime = Bun.which("node", { PATH: "/usr/local/bin:/usr/bin:/bin" }) ?? process.execPath;
      const cmd = `"${runtime}" -e '${script}'`;
      expect(await shell(agent("default", true), cmd)).toContain("reached");
      const offline = agent("default", true, { default: { sandbox: { network: false } } });
      expect(await shell(offline, cmd)).toContain("unreachable");
    } finally {
      server.stop(true);
    }
  });

  test("network: false without a sandbox is refused, never run unconfined", async () => {
    const a = agent("default", false, { default: { sandbox: { network: false } } });
    const ctx = context(a.workspace, { shell: a.shell });
    expect(await refusal(shellRun, { command: "touch ran" }, ctx)).toContain("sandbox.network: false");
    expect(await failure(shellRun, { command: "touch ran" }, ctx)).toContain("no usable bubblewrap sandbox");
    expect(existsSync(join(a.workspace, "ran"))).toBe(false);
  });
});

describe("stopping a sandboxed command", () => {
  test("a timeout kills bwrap and everything inside it", async () => {
    const out = await shell(agent("default", true), "sh -c 'sleep 9187 & sleep 9188'", { timeout_seconds: 1 });
    expect(out).toMatch(/^Stopped after 1 s/);
    expect(await gone("sleep 918")).toEqual([]);
  });

  test("the turn's abort kills it too", async () => {
    const a = agent("default", true);
    const ac = new AbortController();
    const ctx = context(a.workspace, { shell: a.shell, signal: ac.signal });
    const call = failure(shellRun, { command: "sleep 9287 & touch abort-started; sleep 9288" }, ctx);
    // Aborted once the command runs inside the sandbox, not after a guessed delay.
    expect(await until(() => existsSync(join(a.workspace, "abort-started")), Boolean)).toBe(true);
    ac.abort();
    const msg = await call;
    expect(msg).toMatch(/turn was cancelled/);
    expect(await gone("sleep 928")).toEqual([]);
  });

  test("background processes outlive the command, as without the sandbox, and the result says so", async () => {
    try {
      const out = await shell(agent("default", true), "sleep 9387 & echo hi");
      expect(out).toStartWith("exit code: 0\nstdout:\nhi\n[Processes started in the background still hold the output");
      expect(pidsWith("sleep 9387").length).toBeGreaterThan(0);
    } finally {
      for (const pid of pidsWith("sleep 9387")) process.kill(pid, "SIGKILL");
    }
    expect(await gone("sleep 9387")).toEqual([]);
  });
});
