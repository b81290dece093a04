import { afterEach, describe, expect, test } from "bun:test";
import { Database, constants } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openReadOnly, openStore, type Store } from "../../../src/store/db.ts";
import { appliedMigrations, currentVersion, migrate, MIGRATIONS } from "../../../src/store/migrations.ts";
import { CONVERSATION_SCHEMA } from "../../../src/store/schema-conversations.ts";
import { FTS_CONTENT_SCHEMA, FTS_SCHEMA } from "../../../src/store/schema-fts.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { searchMessages } from "../../../src/store/search.ts";
import { conversation, tempDir } from "./helpers.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function fileStore(): { store: Store; path: string } {
  const t = tempDir();
  const path = join(t.dir, "crew.db");
  const store = openStore(path);
  cleanups.push(t.cleanup, () => store.close());
  return { store, path };
}

describe("migrations", () => {
  test("a new database gets every migration, each recorded once", () => {
    const { store } = fileStore();
    const applied = appliedMigrations(store.db);
    expect(applied.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(applied[0].name).toBe("initial schema");
    expect(applied[0].appliedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test("re-opening applies nothing and keeps the data", () => {
    const { store, path } = fileStore();
    conversation(store, { id: "c1" });
    const before = appliedMigrations(store.db);
    store.close();
    const again = openStore(path);
    cleanups.push(() => again.close());
    expect(appliedMigrations(again.db)).toEqual(before);
    expect(migrate(again.db, path)).toEqual([]);
    expect(again.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 1 });
  });

  test("a database from a newer build is refused with a sentence naming file and versions", () => {
    const { store, path } = fileStore();
    store.db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')");
    store.close();
    expect(() => openStore(path)).toThrow(
      `The database ${path} has schema version 99, but this build of my-crew only knows up to version ${MIGRATIONS.length}.`,
    );
  });

  test("a failing migration leaves neither its tables nor its record", () => {
    const db = new Database(":memory:", { strict: true });
    const broken = [
      { version: 1, name: "ok", sql: "CREATE TABLE a (x INTEGER)" },
      { version: 2, name: "broken", sql: "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1)" },
    ];
    expect(() => migrate(db, ":memory:", broken)).toThrow(/no such table: nowhere/);
    expect(currentVersion(db)).toBe(1);
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeNull();
  });

  test("versions out of order are a programming error", () => {
    const db = new Database(":memory:", { strict: true });
    expect(() => migrate(db, ":memory:", [{ version: 2, name: "x", sql: "" }])).toThrow(/expected 1/);
  });

  test("the FTS backfill indexes messages written before the index existed", () => {
    const db = new Database(":memory:", { strict: true });
    const core = { version: 1, name: "core", sql: CONVERSATION_SCHEMA };
    migrate(db, ":memory:", [core]);
    db.run("INSERT INTO conversations (id, agent_id, created_at, updated_at) VALUES ('c', 'default', 't', 't')");
    db.run(
      "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES ('c', 1, 'user', 'Tôi đọc sách', 't')",
    );
    const fts = [core, { version: 2, name: "fts", sql: FTS_SCHEMA }, { version: 3, name: "snippets", sql: FTS_CONTENT_SCHEMA }];
    expect(migrate(db, ":memory:", fts)).toEqual([2, 3]);
    const store = { db } as Store;
    expect(searchMessages(store, "doc").map((h) => h.snippet)).toEqual(["Tôi \u0002đọc\u0003 sách"]);
  });
});

describe("connection", () => {
  test("a file database runs in WAL with the agreed pragmas", () => {
    const { store } = fileStore();
    expect(store.db.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(store.db.query("PRAGMA synchronous").get()).toEqual({ synchronous: 1 }); // NORMAL
    expect(store.db.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    expect(store.db.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
  });

  test("openReadOnly sees rows still in the WAL and cannot write", () => {
    const { store, path } = fileStore();
    store.db.run("PRAGMA wal_autocheckpoint = 0");
    const c = conversation(store, { id: "live" });
    store.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    appendMessage(store, { conversationId: c.id, role: "user", content: "in the log only" });
    // Proof the row is only in the WAL: a reader that ignores the WAL does not see it.
    const blind = new Database(`file:${path}?immutable=1`, constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
    cleanups.push(() => blind.close());
    expect(blind.query("SELECT count(*) AS n FROM messages").get()).toEqual({ n: 0 });
    const ro = openReadOnly(path);
    cleanups.push(() => ro.close());
    expect(ro.query("SELECT content FROM messages").all()).toEqual([{ content: "in the log only" }]);
    expect(() => ro.run("DELETE FROM messages")).toThrow(/readonly/);
    expect(ro.filename).toContain("mode=ro");
    expect(ro.filename).not.toContain("immutable");
  });

  test("openReadOnly opens paths with URI-special characters", () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    mkdirSync(join(t.dir, "a #1?x%20"));
    const path = join(t.dir, "a #1?x%20", "crew.db");
    const store = openStore(path);
    cleanups.push(() => store.close());
    conversation(store, { id: "c" });
    const ro = openReadOnly(path);
    cleanups.push(() => ro.close());
    expect(ro.query("SELECT id FROM conversations").all()).toEqual([{ id: "c" }]);
  });

  test("the write counter moves on writes only", () => {
    const { store } = fileStore();
    const start = store.writes();
    conversation(store, { id: "w" });
    expect(store.writes()).toBe(start + 1);
    store.db.query("SELECT * FROM conversations").all();
    expect(store.writes()).toBe(start + 1);
  });

  test("tx rolls back everything when the function throws", () => {
    const { store } = fileStore();
    expect(() =>
      store.tx(() => {
        conversation(store, { id: "gone" });
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
  });
});
