// Shutdown and restart on the real binary (O-09, C-18, C-21, C-31): SIGTERM mid-command closes the call
// and leaves the run for the next boot, which resumes it once; a run waiting for approval survives a
// restart and a later decision continues that same run; deleting its conversation closes it. A database
// file that is not one is reported in one line at start.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBinary, startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { T } from "../../src/texts/vi.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { gate, until } from "../helpers/wait.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);

async function start(home: string) {
  const r = await startBinary(["--port", "0", "--home", home], { env: { MY_AGENT_ROUTES: "fake:echo" } });
  const call = (path: string, method = "GET", body?: unknown) => {
    const init = { method, headers: { "content-type": "application/json" }, body: body && JSON.stringify(body) };
    return fetch(`${r.url}${path}`, init as RequestInit);
  };
  const json = async (path: string, method = "GET", body?: unknown): Promise<any> => {
    return (await call(path, method, body)).json();
  };
  const send = (conv: string, command: string) =>
    call(`/api/conversations/${conv}/messages`, "POST", { text: `/tool shell_run ${JSON.stringify({ command })}` });
  const answered = (conv: string) => {
    const rests = (d: any) => !d.running && d.messages.at(-1)?.role === "assistant";
    return until(() => json(`/api/conversations/${conv}`), rests);
  };
  return { r, call, json, send, answered };
}

describe("shutdown and restart", () => {
  test("SIGTERM mid-command: the call is closed as cut, the run resumes once after the restart", async () => {
    const home = tempDir("sigterm");
    const a = await start(home);
    const conv = await a.json("/api/conversations", "POST", {});
    await a.call(`/api/conversations/${conv.id}`, "PATCH", { autonomous: true });
    // The command runs until its gate opens, so SIGTERM lands mid-command however slow the machine.
    const busy = gate(join(home, "workspace"));
    const turn = a.send(conv.id, `${busy.command}; touch finished`);
    expect(await busy.started()).toBe(true);
    a.r.proc.kill("SIGTERM");
    expect(await a.r.proc.exited).toBe(0);
    await (await turn).body?.cancel().catch(() => {});
    // Nothing a test starts keeps running; the shutdown killed the command, so "finished" stays absent.
    busy.open();

    const b = await start(home);
    expect(b.r.stderr().match(/resuming run \S+, cut by the restart/g)).toHaveLength(1);
    const detail = await b.answered(conv.id);
    const tool = detail.messages.find((m: any) => m.role === "tool");
    expect(tool.content).toContain("the server shut down during this call");
    expect(existsSync(join(home, "workspace", "finished"))).toBe(false);
    const runs = (await b.json("/api/activity/runs")).runs;
    expect(runs.map((r: any) => [r.status, r.resumed])).toEqual([["done", true]]);
    expect(detail.messages.filter((m: any) => m.role === "assistant" && !m.tool_calls?.length)).toHaveLength(1);
    // The chat marks the turn, under it and in the activity column.
    const page = await (await b.call(`/c/${conv.id}`)).text();
    expect(page.split(T.resumedNote).length - 1).toBe(2);
  });

  test("a run waiting for approval survives a restart; the decision continues the same run (C-21)", async () => {
    const home = tempDir("approval");
    const a = await start(home);
    const conv = await a.json("/api/conversations", "POST", {});
    const frames = await collect(await a.send(conv.id, "echo approved-ran"), isEnd);
    expect(frames.at(-1)!.type).toBe("approval_required");
    const other = await a.json("/api/conversations", "POST", {});
    await collect(await a.send(other.id, "true"), isEnd);
    const waitingRuns = (await a.json("/api/activity/runs")).runs.map((r: any) => r.id);
    a.r.proc.kill("SIGKILL");
    await a.r.proc.exited;

    const b = await start(home);
    const pending = (await b.json("/api/approvals")).pending;
    expect(pending).toHaveLength(2);
    const mine = pending.find((p: any) => p.conversation_id === conv.id);
    const decided = await b.json(`/api/approvals/${mine.id}`, "POST", { decision: "approve" });
    expect(waitingRuns).toContain(decided.run_id);
    const detail = await b.answered(conv.id);
    expect(detail.messages.find((m: any) => m.role === "tool").content).toContain("approved-ran");
    // C-31: deleting the other conversation closes its waiting run at once.
    expect((await b.call(`/api/conversations/${other.id}`, "DELETE")).status).toBe(204);
    const runs = (await b.json("/api/activity/runs")).runs;
    expect(runs.map((r: any) => r.status).sort()).toEqual(["done", "interrupted"]);
    expect(runs).toHaveLength(2);
  });

  test("a database file that is not a database: one line naming it, exit 1, the same on every start", () => {
    const home = tempDir("corrupt");
    writeFileSync(join(home, "my-crew.db"), "SQLite format 3\0 then garbage");
    for (let i = 0; i < 2; i++) {
      const r = runBinary(["--port", "0", "--home", home]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`my-crew: cannot open the database ${join(home, "my-crew.db")}: file is not a database\n`);
    }
  });
});
