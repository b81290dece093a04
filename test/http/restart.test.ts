// Durability across a crash (C-05, C-06, C-10, B-09): messages queued behind a running turn survive
// kill -9 and are answered exactly once after a restart on the same home; request_ids too; the cut
// turn itself is resumed once.
import { afterAll, describe, expect, test } from "bun:test";
import { startBinary, tempDir, type Running } from "../helpers/binary.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const procs: Running[] = [];
afterAll(() => procs.forEach((p) => p.proc.kill("SIGKILL")));
const env = { MY_AGENT_ROUTES: "fake:echo" };

async function start(home: string) {
  const r = await startBinary(["--port", "0", "--home", home], { env });
  procs.push(r);
  const call = (path: string, method = "GET", body?: unknown) =>
    fetch(`${r.url}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { r, call };
}

describe("restart durability", () => {
  test("queued messages survive SIGKILL and are answered exactly once after restart", async () => {
    const home = tempDir("restart");
    const a = await start(home);
    const conv = await (await a.call("/api/conversations", "POST", {})).json();
    await a.call(`/api/conversations/${conv.id}`, "PATCH", { autonomous: true });
    const busy = await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: '/tool shell_run {"command":"sleep 3"}' });
    await Bun.sleep(300);
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
    let detail: any;
    for (let i = 0; i < 100; i++) {
      detail = await (await b.call(`/api/conversations/${conv.id}`)).json();
      if (!detail.running && detail.queued.length === 0 && detail.messages.at(-1)?.role === "assistant") break;
      await Bun.sleep(50);
    }
    const users = detail.messages.filter((m: any) => m.role === "user").map((m: any) => m.content);
    expect(users).toEqual(['/tool shell_run {"command":"sleep 3"}', "một\n\nhai\n\nba"]);
    const answers = detail.messages.filter((m: any) => m.role === "assistant" && m.content === "một\n\nhai\n\nba");
    expect(answers.length).toBe(1);
    // The turn cut mid-command was resumed once (C-10) and its command was not run again (C-26).
    const runs = (await (await b.call("/api/activity/runs")).json()).runs;
    expect(runs.map((r: any) => [r.status, r.resumed]).sort()).toEqual([["done", false], ["done", true]]);
    expect(detail.messages.find((m: any) => m.role === "tool").content).toContain("unknown whether it ran");
    await Bun.sleep(300);
    const again = await (await b.call(`/api/conversations/${conv.id}`)).json();
    expect(again.messages.length).toBe(detail.messages.length);
  });

  test("--no-schedule starts nothing on its own: the queue waits", async () => {
    const home = tempDir("nosched");
    const a = await start(home);
    const conv = await (await a.call("/api/conversations", "POST", {})).json();
    await a.call(`/api/conversations/${conv.id}`, "PATCH", { autonomous: true });
    void a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: '/tool shell_run {"command":"sleep 3"}' });
    await Bun.sleep(300);
    await collect(await a.call(`/api/conversations/${conv.id}/messages`, "POST", { text: "chờ" }));
    a.r.proc.kill("SIGKILL");
    await a.r.proc.exited;
    const b = await startBinary(["--port", "0", "--home", home, "--no-schedule"], { env });
    procs.push(b);
    await Bun.sleep(500);
    const detail = await (await fetch(`${b.url}/api/conversations/${conv.id}`)).json();
    expect(detail.queued.map((q: any) => q.text)).toEqual(["chờ"]);
    expect(detail.running).toBe(false);
  });
});
