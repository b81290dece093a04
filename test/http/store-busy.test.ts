// A database locked by another process (issue 9): a write waits at most the busy timeout, then gets 503
// with Retry-After and a sentence, storing nothing; reads and /api/health stay up meanwhile.
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { T } from "../../src/texts/vi.ts";
import { tempDir } from "../helpers/binary.ts";
import { testApp } from "../helpers/app.ts";

describe("a database locked by another process", () => {
  test("writes get 503 after the busy timeout, health and reads stay up, nothing half-stored", async () => {
    const file = join(tempDir("busy"), "my-crew.db");
    const t = await testApp([], {}, openStore(file, 150));
    const other = new Database(file);
    try {
      other.run("BEGIN IMMEDIATE");
      expect((await t.request("/api/health")).status).toBe(200);
      expect((await t.request("/api/conversations")).status).toBe(200);
      const refused = await t.json("/api/conversations", "POST", {});
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(await refused.json()).toEqual({ detail: T.storeBusy });
      expect(t.logs.some((l) => l.includes("database busy on POST /api/conversations"))).toBe(true);
      other.run("ROLLBACK");
      expect((await t.json("/api/conversations", "POST", {})).status).toBe(201);
      expect(t.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 1 });
    } finally {
      other.close();
      t.store.close();
    }
  });
});
