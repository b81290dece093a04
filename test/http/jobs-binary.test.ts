// The scheduler through the compiled binary (issue 13, "done when"): a member with `every: 1m` is stopped
// across a due slot and restarted, and GET /api/jobs shows that slot `missed` (reason `down`, never run);
// then POST /api/jobs/{id}/run answers 202 and the run shows in GET /api/jobs/{id}/runs.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JobView } from "../../src/models/jobs.ts";
import { startBinary, stopAll, tempDir, type Running } from "../helpers/binary.ts";
import { until } from "../helpers/wait.ts";

afterAll(stopAll);

const ENV = { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_TIMEZONE: "UTC" };
const ID = "watcher/tick";

async function job(r: Running): Promise<JobView> {
  const { jobs } = (await (await fetch(`${r.url}/api/jobs`)).json()) as { jobs: JobView[] };
  return jobs.find((j) => j.id === ID)!;
}

/** "YYYY-MM-DD HH:MM" in UTC, the owner's time here (I-12). */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

describe("jobs through the binary", () => {
  test("a slot passed while the server was down is listed missed; run now → 202 and the run is listed", async () => {
    const home = tempDir("jobs-bin");
    mkdirSync(join(home, "agents", "watcher"), { recursive: true });
    writeFileSync(join(home, "agents", "watcher", "agent.yaml"), `schedules:\n  - {id: tick, every: 1m, prompt: "Xem"}\n`);
    const args = ["--port", "0", "--home", home];

    const first = await startBinary(args, { env: ENV });
    try {
      expect(await job(first)).toMatchObject({ id: ID, every: "1m", enabled: true, paused: false, slots: [] });
    } finally {
      first.proc.kill("SIGTERM");
      await first.proc.exited;
    }

    // Waiting a real minute for the slot would make the test slow, so while the server is stopped its mark
    // (the last slot the clock considered, here the first boot's time) moves to 61 s ago: exactly what the
    // file holds when the server was down across one `every: 1m` slot. Its timing text is left as stored.
    const db = new Database(join(home, "my-crew.db"));
    const mark = Date.now() - 61_000;
    try {
      const moved = db.query("UPDATE job_state SET last_run_at = ? WHERE job_id = ? AND timing = '1m'");
      expect(moved.run(new Date(mark).toISOString(), ID).changes).toBe(1);
    } finally {
      db.close();
    }

    await using second = await startBinary(args, { env: ENV });
    const after = await job(second);
    expect(after.slots[after.slots.length - 1]).toEqual({ due_at: minute(mark + 60_000), outcome: "missed", reason: "down" });
    expect(after.slots.every((s) => s.outcome === "missed" && s.reason === "down")).toBe(true);
    expect(after.last_run).toBeNull();

    const run = await fetch(`${second.url}/api/jobs/watcher%2Ftick/run`, { method: "POST" });
    expect(run.status).toBe(202);
    expect(await run.json()).toEqual({ ok: true, job_id: ID });
    type Runs = { runs: { job_id: string; status: string; source: string }[] };
    const listed = await until(
      async () => (await (await fetch(`${second.url}/api/jobs/watcher/tick/runs`)).json()) as Runs,
      (b) => b.runs[0]?.status === "done",
    );
    expect(listed.runs).toHaveLength(1);
    expect(listed.runs[0]).toMatchObject({ job_id: ID, status: "done", source: `job:${ID}` });
    // A manual run records no slot and moves no mark (no catch-up either).
    expect((await job(second)).slots).toEqual(after.slots);
  }, 120_000);
});
