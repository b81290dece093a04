// Store.tx: one IMMEDIATE transaction, a savepoint when nested; a throw rolls back its own level only and
// is rethrown; its statements are prepared once, at open.
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openStore, type Store } from "../../../src/store/db.ts";
import { memStore, tempDir } from "./helpers.ts";

function withTable(): Store {
  const store = memStore();
  store.db.run("CREATE TABLE t (v TEXT)");
  return store;
}
const add = (store: Store, v: string) => store.db.query("INSERT INTO t (v) VALUES (?)").run(v);
const values = (store: Store) =>
  store.db.query<{ v: string }, []>("SELECT v FROM t ORDER BY rowid").all().map((r) => r.v);

describe("store.tx", () => {
  test("commits the writes and returns fn's value", () => {
    const store = withTable();
    expect(store.tx(() => (add(store, "a"), 42))).toBe(42);
    expect(values(store)).toEqual(["a"]);
    expect(store.db.inTransaction).toBe(false);
  });

  test("a throw rolls the whole transaction back and is rethrown as is", () => {
    const store = withTable();
    const boom = new Error("boom");
    expect(() => store.tx(() => {
      add(store, "a");
      throw boom;
    })).toThrow(boom);
    expect(values(store)).toEqual([]);
    expect(store.db.inTransaction).toBe(false);
  });

  test("a throw in a nested tx rolls back that level only; the outer one goes on and commits", () => {
    const store = withTable();
    const boom = new Error("inner");
    let caught: unknown = null;
    store.tx(() => {
      add(store, "outer-before");
      try {
        store.tx(() => {
          add(store, "inner");
          throw boom;
        });
      } catch (e) {
        caught = e;
      }
      expect(store.db.inTransaction).toBe(true);
      add(store, "outer-after");
    });
    expect(caught).toBe(boom);
    expect(values(store)).toEqual(["outer-before", "outer-after"]);
  });

  test("a nested level that committed is undone when the outer one throws", () => {
    const store = withTable();
    expect(() => store.tx(() => {
      store.tx(() => add(store, "inner"));
      add(store, "outer");
      throw new Error("outer");
    })).toThrow("outer");
    expect(values(store)).toEqual([]);
  });

  test("twice nested: the middle level's throw keeps the outer writes and drops both inner ones", () => {
    const store = withTable();
    store.tx(() => {
      add(store, "1");
      expect(() => store.tx(() => {
        add(store, "2");
        store.tx(() => add(store, "3"));
        throw new Error("middle");
      })).toThrow("middle");
      store.tx(() => add(store, "4"));
    });
    expect(values(store)).toEqual(["1", "4"]);
  });

  test("IMMEDIATE: the write lock is held from the start, before fn writes anything", () => {
    const { dir, cleanup } = tempDir();
    const path = join(dir, "my-crew.db");
    const store = openStore(path);
    const other = new Database(path);
    try {
      other.run("PRAGMA busy_timeout = 0");
      store.tx(() => {
        // A deferred BEGIN would hold no lock yet and let the other connection in.
        expect(() => other.run("BEGIN IMMEDIATE")).toThrow(/locked|busy/i);
      });
      other.run("BEGIN IMMEDIATE");
      other.run("ROLLBACK");
    } finally {
      other.close();
      store.close();
      cleanup();
    }
  });

  test("prepares nothing per call: it runs with the connection's prepare, query and transaction taken away", () => {
    const store = withTable();
    const insert = store.db.query("INSERT INTO t (v) VALUES (?)");
    const gone = () => {
      throw new Error("prepared per call");
    };
    Object.assign(store.db, { prepare: gone, query: gone, transaction: gone, run: gone, exec: gone });
    store.tx(() => {
      insert.run("a");
      expect(() => store.tx(() => {
        insert.run("b");
        throw new Error("inner");
      })).toThrow("inner");
    });
    expect(() => store.tx(() => gone())).toThrow("prepared per call");
    expect(store.db.inTransaction).toBe(false);
    expect(Database.prototype.query.call(store.db, "SELECT v FROM t").all()).toEqual([{ v: "a" }]);
  });
});
