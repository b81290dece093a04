// A fork cut by a power failure (K-11): the real binary armed with MY_CREW_CRASH_AT=fork-tx dies with
// SIGKILL inside the fork's transaction, after the branch was created, the history copied and its open
// calls closed. Restarted on the same home, no branch and no copied message remain.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { collect } from "../helpers/sse.ts";

afterAll(stopAll);

async function start(home: string, env: Record<string, string> = {}) {
  const r = await startBinary(["--port", "0", "--home", home], { env: { MY_AGENT_ROUTES: "fake:echo", ...env } });
  const call = (path: string, method = "GET", body?: unknown) => {
    const json = body === undefined ? undefined : JSON.stringify(body);
    return fetch(`${r.url}${path}`, { method, headers: { "content-type": "application/json" }, body: json });
  };
  const json = async (path: string, method?: string, body?: unknown) => (await call(path, method, body)).json();
  return { r, call, json };
}

describe("a fork killed mid-transaction", () => {
  test("leaves no half branch after a restart; the same fork then succeeds", async () => {
    const home = tempDir("fork-crash");
    const a = await start(home, { MY_CREW_CRASH_AT: "fork-tx" });
    try {
      const conv = (await a.json("/api/conversations", "POST", {})).id as string;
      for (const text of ["một", "hai"]) {
        await collect(await a.call(`/api/conversations/${conv}/messages`, "POST", { text }));
      }
      const detail = await a.json(`/api/conversations/${conv}`);
      const cut = detail.messages.filter((m: { role: string }) => m.role === "user")[1].id as number;
      await a.call(`/api/conversations/${conv}/fork`, "POST", { before_message_id: cut }).catch(() => null);
      await a.r.proc.exited;
      expect(a.r.proc.signalCode).toBe("SIGKILL");

      const b = await start(home);
      try {
        const list = (await b.json("/api/conversations")).conversations.map((c: { id: string }) => c.id);
        expect(list).toEqual([conv]);
        const db = new Database(join(home, "my-crew.db"), { readonly: true });
        try {
          expect(db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 1 });
          expect(db.query("SELECT count(*) AS n FROM messages").get()).toEqual({ n: detail.messages.length });
        } finally {
          db.close();
        }
        const again = await b.call(`/api/conversations/${conv}/fork`, "POST", { before_message_id: cut });
        expect(again.status).toBe(201);
      } finally {
        await b.r.stop();
      }
    } finally {
      await a.r.stop();
    }
  }, 60_000);
});
