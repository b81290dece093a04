// The compiled ./my-crew as a person runs it: alone in an empty directory, on a home that another
// process holds, with broken files in its home, on a taken port.
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binaryPath, runBinary, startBinary, stopAll, tempDir } from "../helpers/binary.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);
async function start(args: string[], opts: Parameters<typeof startBinary>[1] = {}) {
  const r = await startBinary(args, opts);
  return r;
}

describe("the binary", () => {
  test("copied alone into an empty directory, it serves / and every asset the page names", async () => {
    const dir = tempDir("alone");
    const bin = join(dir, "my-crew");
    copyFileSync(binaryPath(), bin);
    const home = join(tempDir("home"), "h");
    const r = await start(["--port", "0", "--home", home], { cwd: dir, bin });
    const page = await fetch(`${r.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const named = (text: string) => [...text.matchAll(/\/assets\/[^"')\s#]+/g)].map((m) => m[0]);
    // The page names its script, stylesheet and icon; the stylesheet names the fonts.
    const sheet = named(html).find((p) => p.endsWith(".css"))!;
    const assets = [...named(html), ...named(await (await fetch(`${r.url}${sheet}`)).text())];
    expect(new Set(assets).size).toBeGreaterThanOrEqual(5);
    for (const path of new Set(assets)) {
      const res = await fetch(`${r.url}${path}`);
      expect(`${path} ${res.status}`).toBe(`${path} 200`);
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect(readdirSync(home).sort()).toEqual(["agents", "env", "my-crew.db", "my-crew.db-shm", "my-crew.db-wal", "skills", "workspace"]);
  });

  test("a second start on a held home exits 1 naming it; kill -9 of the first frees the lock at once", async () => {
    const home = tempDir("lock");
    const first = await start(["--port", "0", "--home", home]);
    const second = runBinary(["--port", "0", "--home", home, "--no-schedule"]);
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split("\n")).toEqual([`my-crew: home ${home} is held by another my-crew process; stop it or use --home`]);
    expect(existsSync(join(home, "my-crew.lock"))).toBe(false);
    first.proc.kill("SIGKILL");
    await first.proc.exited;
    const third = await start(["--port", "0", "--home", home]);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
  });

  test("SIGTERM shuts down cleanly with exit 0", async () => {
    const r = await start(["--port", "0", "--home", tempDir("term")]);
    r.proc.kill("SIGTERM");
    expect(await r.proc.exited).toBe(0);
  });

  test("MY_AGENT_HOME is used without --home, and <home>/env is loaded at start", async () => {
    const home = tempDir("envfile");
    writeFileSync(join(home, "env"), "MY_AGENT_ALLOWED_HOSTS=crew.lan\n");
    const r = await start(["--port", "0"], { env: { MY_AGENT_HOME: home } });
    const port = new URL(r.url).port;
    const res = await fetch(`${r.url}/api/health`, { headers: { host: `crew.lan:${port}` } });
    expect(res.status).toBe(200);
    expect(r.stderr()).toContain(`home ${home}`);
  });

  test("--version, --help, unknown flags and a malformed agent command (exit 2)", () => {
    expect(runBinary(["--version"]).stdout).toMatch(/^my-crew \d+\.\d+\.\d+\n$/);
    expect(runBinary(["--help"]).stdout).toContain("--no-schedule");
    const bad = runBinary(["--colour"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('my-crew: unknown option "--colour" (see my-crew --help)\n');
    const agent = runBinary(["agent", "remove", "coach"]);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toBe("my-crew: usage: my-crew agent add <template> [--workspace PATH] [--home DIR]\n");
  });
});

describe("bad input at start: one line naming the file, key or port; nothing in the home changes", () => {
  function brokenHome(files: Record<string, string>) {
    const home = tempDir("bad");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(home, name), text);
    return home;
  }

  const cases: [string, Record<string, string>, RegExp][] = [
    ["unknown config key", { "config.yaml": "colour: blue\n" }, /config\.yaml: unknown key "colour"$/],
    ["malformed config YAML", { "config.yaml": "timezone: [\n" }, /config\.yaml:\d+: invalid YAML/],
    ["bad agent.yaml value", { "agent.yaml": "mode: turbo\n" }, /agent\.yaml: key "mode"/],
    ["malformed env file", { env: "OPENAI_API_KEY sk-live-abcdef\n" }, /env:1: expected NAME=value/],
  ];
  for (const [name, files, pattern] of cases) {
    test(name, () => {
      const home = brokenHome(files);
      const before = readdirSync(home).sort();
      const r = runBinary(["--port", "0", "--home", home]);
      expect(r.code).toBe(1);
      const lines = r.stderr.trim().split("\n");
      expect(lines.length).toBe(1);
      expect(lines[0]).toMatch(pattern);
      expect(r.stderr).not.toContain("sk-live");
      expect(r.stderr).not.toContain("    at ");
      expect(readdirSync(home).sort()).toEqual(before);
    });
  }

  test("a taken port names the port and leaves a fresh home untouched", async () => {
    const holder = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("x") });
    try {
      const home = tempDir("port");
      const r = runBinary(["--port", String(holder.port), "--home", home]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`my-crew: port ${holder.port} on 127.0.0.1 is already in use; choose another with --port\n`);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      holder.stop(true);
    }
  });

  test("a home that cannot be created is named", () => {
    const parent = tempDir("notdir");
    writeFileSync(join(parent, "file"), "x");
    const r = runBinary(["--port", "0", "--home", join(parent, "file", "home")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toStartWith(`my-crew: cannot create home ${join(parent, "file", "home")}:`);
  });
});
