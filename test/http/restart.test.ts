// Durability across a crash (C-05, C-06, C-10, B-09): messages queued behind a running turn survive
// kill -9 and are answered exactly once after a restart on the same home; request_ids too; the cut
// turn itself is resumed once.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { collect } from "../helpers/sse.ts";
import { until } from "../helpers/wait.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);
const env = { MY_AGENT_ROUTES: "fake:echo" };
// Runs until the test releases it, so the messages sent behind it queue however slow the machine. The
// server is killed mid-command and the resumed turn does not run it again (C-26); the orphaned command
// (a killed server leaves its sandbox running) ends when the test's finally writes the file.
const BUSY = '/tool shell_run {"command":"touch started; until [ -e release ]; do sleep 0.1; done"}';
const release = (home: string) => {
  mkdirSync(join(home, "workspace"), { recursive: true });
  writeFileSync(join(home, "workspace", "release"), "");
};
const busyRuns = (home: string) => until(() => existsSync(join(home, "workspace", "started")), Boolean);
const RESTARTS = 60_000;

async function start(home: string) {
  const r = await startBinary(["--port", "0", "--home", home], { env });
  const call = (path: string, method = "GET", body?: unknown) =>
    fetch(`${r.url}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const detail = async (id: string): Promise<any> => (await call(`/api/conversations/${id}`)).json();
  return { r, call, detail };
}

describe("restart durability", () => {
  test("queued messages survive SIGKILL and are answered exactly once after restart", async () => {
    const home = tempDir("restart");
    try {
      await queuedSurviveKill(home);
    } finally {
      release(home);
    }
  }, RESTARTS);

  test("--no-schedule starts nothing on its own: the queue waits", async () => {
    const home = tempDir("nosched");
    try {
      await noScheduleWaits(home);
    } finally {
      release(home);
    }
  }, RESTARTS);
});

async function queuedSurviveKill(home: string) {
  const a = await start(home);
  const conv = await (await a.call("/api/conversations", "POST", {})).json();
  await a.call(`/api/conversations/${conv.id}`, "PATCH", { autonomous: true });
  const busy = await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: BUSY });
  expect(await busyRuns(home)).toBe(true);
  for (const [text, rid] of [["một", "r1"], ["hai", "r2"], ["ba", "r3"]]) {
    const f = await collect(await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text, request_id: rid }));
    expect(f[0]!.type).toBe("queued");
  }
  a.r.proc.kill("SIGKILL");
  await a.r.proc.exited;
  await busy.body?.cancel().catch(() => {});

  const b = await start(home);
  // The same request_id after the restart stores nothing new.
  const replay = await collect(await b.call(`/api/conversations/${conv.id}/messages`, "POST", { text: "một", request_id: "r1" }));
  expect(["queued", "watching"]).toContain(replay[0]!.type);
  const rests = (d: any) => !d.running && d.queued.length === 0 && d.messages.at(-1)?.role === "assistant";
  const detail = await until(() => b.detail(conv.id), rests);
  const users = detail.messages.filter((m: any) => m.role === "user").map((m: any) => m.content);
  expect(users).toEqual([BUSY, "một\n\nhai\n\nba"]);
  const answers = detail.messages.filter((m: any) => m.role === "assistant" && m.content === "một\n\nhai\n\nba");
  expect(answers.length).toBe(1);
  // The turn cut mid-command was resumed once (C-10) and its command was not run again (C-26).
  const runs = (await (await b.call("/api/activity/runs")).json()).runs;
  expect(runs.map((r: any) => [r.status, r.resumed]).sort()).toEqual([["done", false], ["done", true]]);
  expect(detail.messages.find((m: any) => m.role === "tool").content).toContain("unknown whether it ran");
  // Nothing more is answered: both runs are closed, and no further run started meanwhile.
  const again = await b.detail(conv.id);
  expect(again.messages.length).toBe(detail.messages.length);
  expect((await (await b.call("/api/activity/runs")).json()).runs).toHaveLength(2);
}

async function noScheduleWaits(home: string) {
  const a = await start(home);
  const conv = await (await a.call("/api/conversations", "POST", {})).json();
  await a.call(`/api/conversations/${conv.id}`, "PATCH", { autonomous: true });
  const busy = await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: BUSY });
  expect(await busyRuns(home)).toBe(true);
  await collect(await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: "chờ" }));
  await a.r.stop();
  await busy.body?.cancel().catch(() => {});
  const b = await startBinary(["--port", "0", "--home", home, "--no-schedule"], { env });
  // A normal boot resumes the cut run and drains the queue before it logs that it serves, so a
  // queue still waiting right after start-up is the flag's doing, not a matter of time.
  const detail = await (await fetch(`${b.url}/api/conversations/${conv.id}`)).json();
  expect(detail.queued.map((q: any) => q.text)).toEqual(["chờ"]);
  expect(detail.running).toBe(false);
}
