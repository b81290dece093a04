// Issue 9, part 4, end to end: the real binary starts with one key in its launch environment (so it sits
// in the kernel's /proc/<pid>/environ for good) and one in <home>/env. An autonomous conversation on
// fake:echo runs `env`, `cat /proc/$PPID/environ` and `cat ../env` through shell_run (the master's
// workspace is <home>/workspace, so ../env is the home's env file). With the sandbox nothing leaks; the
// control run without bwrap on PATH shows both keys, so the assertions can fail.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TS } from "../../src/texts/vi-sandbox.ts";
import { startBinary, stopAll, tempDir, type Running } from "../helpers/binary.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const LAUNCH_SECRET = "sk-launch-env-5e4d3c2b1a09";
const FILE_SECRET = "sk-home-env-file-8a7b6c5d4e";
const SAVED_SECRET = "gsk-saved-in-connections-3c2b1a";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);

/** Starts the binary on a fresh home holding FILE_SECRET, with LAUNCH_SECRET in its environment. */
async function serve(path?: string): Promise<{ r: Running; home: string }> {
  const home = tempDir("secrets");
  writeFileSync(join(home, "env"), `OPENAI_API_KEY=${FILE_SECRET}\n`);
  const env: Record<string, string> = { MY_AGENT_ROUTES: "fake:echo", ANTHROPIC_API_KEY: LAUNCH_SECRET };
  if (path) env.PATH = path;
  const r = await startBinary(["--port", "0", "--home", home], { env });
  return { r, home };
}

/** The output of one shell_run call made by the fake model in an autonomous conversation. */
async function shellOutput(url: string, command: string): Promise<string> {
  const post = (path: string, method: string, body: unknown) =>
    fetch(`${url}${path}`, { method, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  const id = (await (await post("/api/conversations", "POST", {})).json()).id as string;
  expect((await post(`/api/conversations/${id}`, "PATCH", { autonomous: true })).status).toBe(200);
  const text = `/tool shell_run ${JSON.stringify({ command })}`;
  const frames = await collect(await post(`/api/conversations/${id}/messages`, "POST", { text }), isEnd, 20_000);
  const result = frames.find((f) => f.type === "tool_result");
  expect(result?.status).toBe("done");
  return result!.output as string;
}

/** A PATH with the few tools the command needs and no bwrap: the machine as if bubblewrap were absent. */
function pathWithoutBwrap(): string {
  const bin = join(tempDir("nobwrap"), "bin");
  mkdirSync(bin);
  for (const tool of ["env", "cat", "tr"]) symlinkSync(Bun.which(tool)!, join(bin, tool));
  return bin;
}

const command = (home: string) => `env; tr '\\0' '\\n' < /proc/$PPID/environ; cat ../env; cat ${join(home, "env")}`;

describe("secrets through shell_run, on the real binary", () => {
  test("with the sandbox, neither the launch key nor the env file key appears", async () => {
    const { r, home } = await serve();
    expect(r.stderr()).not.toContain("no shell sandbox");
    const out = await shellOutput(r.url, command(home));
    expect(out).toStartWith("exit code: ");
    expect(out).not.toContain(LAUNCH_SECRET);
    expect(out).not.toContain(FILE_SECRET);
    expect(out).toContain("../env: No such file or directory");
    const settings = await (await fetch(`${r.url}/manage/settings`)).text();
    expect(settings).toContain(TS.on);
  });

  test("a key saved in Connections reaches the server's private map, and still not the shell", async () => {
    const { r, home } = await serve();
    const changes = { GROQ_API_KEY: SAVED_SECRET };
    const put = await fetch(`${r.url}/api/connections`, {
      method: "PUT",
      body: JSON.stringify({ changes }),
      headers: { "content-type": "application/json" },
    });
    expect(put.status).toBe(200);
    const rows = (await (await fetch(`${r.url}/api/connections`)).json()).rows as { name: string; set: boolean }[];
    expect(rows.find((row) => row.name === "GROQ_API_KEY")?.set).toBe(true);
    const out = await shellOutput(r.url, command(home));
    expect(out).not.toContain(SAVED_SECRET);
    expect(out).not.toContain(FILE_SECRET);
  });

  test("control: without bwrap the same command shows both keys, and the start says so once", async () => {
    const { r, home } = await serve(pathWithoutBwrap());
    expect(r.stderr().match(/no shell sandbox: bwrap \(bubblewrap\) is not installed/g)).toHaveLength(1);
    const out = await shellOutput(r.url, command(home));
    expect(out).toContain(LAUNCH_SECRET);
    expect(out).toContain(FILE_SECRET);
    const settings = await (await fetch(`${r.url}/manage/settings`)).text();
    expect(settings).toContain(TS.missing);
  });
});
