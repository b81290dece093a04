// Opens the single SQLite database (C-01, C-02) and brings its schema up to date.
// A Store is the handle every store module takes: the connection, a write counter
// (E-05 caches /api/stats by it), a transaction helper and close().
import { Database, constants } from "bun:sqlite";
import { chmodSync, closeSync, openSync } from "node:fs";
import { migrate } from "./migrations.ts";

export interface Store {
  readonly db: Database;
  readonly path: string;
  /** How many store writes happened since open; any change means cached reads are stale. */
  writes(): number;
  /** Called by every store write function. */
  wrote(): void;
  /** Runs fn in one IMMEDIATE transaction (a savepoint when nested); throws roll it back. */
  tx<T>(fn: () => T): T;
  close(): void;
}

/** How long a write waits for another process's lock before it fails (and the request gets 503). */
export const BUSY_TIMEOUT_MS = 5000;

export function openStore(path: string, busyTimeoutMs = BUSY_TIMEOUT_MS): Store {
  if (path !== ":memory:") createOwnerOnly(path);
  const db = new Database(path, { create: true, strict: true });
  try {
    if (path !== ":memory:") db.run("PRAGMA journal_mode = WAL");
    if (path !== ":memory:") for (const f of [`${path}-wal`, `${path}-shm`]) chmodIfPresent(f);
    db.run("PRAGMA synchronous = NORMAL");
    db.run(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    db.run("PRAGMA foreign_keys = ON");
    migrate(db, path);
  } catch (err) {
    db.close();
    throw err;
  }
  let writes = 0;
  const tx = transactions(db);
  return {
    db,
    path,
    writes: () => writes,
    wrote: () => {
      writes++;
    },
    tx,
    close: () => db.close(),
  };
}

/**
 * The store's transaction helper, on six statements prepared once: `db.transaction(fn)` built a new set of
 * wrapper functions on every call, several times per turn. IMMEDIATE takes the write lock up front, so
 * busy_timeout applies instead of a deferred read->write upgrade failing at once with SQLITE_BUSY. Nested,
 * it is a savepoint: a throw rolls back that level only and rethrows.
 */
function transactions(db: Database): Store["tx"] {
  const statement = (sql: string) => db.query<unknown, []>(sql);
  const [begin, commit, rollback] = [statement("BEGIN IMMEDIATE"), statement("COMMIT"), statement("ROLLBACK")];
  const savepoint = statement("SAVEPOINT tx");
  const [release, rollbackTo] = [statement("RELEASE tx"), statement("ROLLBACK TO tx")];
  return <T>(fn: () => T): T => {
    const nested = db.inTransaction;
    (nested ? savepoint : begin).run();
    try {
      const result = fn();
      (nested ? release : commit).run();
      return result;
    } catch (err) {
      // Some errors (SQLITE_FULL, an interrupt) have already ended the whole transaction: nothing to undo.
      if (db.inTransaction) {
        if (nested) {
          rollbackTo.run();
          release.run();
        } else rollback.run();
      }
      throw err;
    }
  };
}

/**
 * The database holds every conversation: it is 0600 whatever the umask. SQLite creates its -wal and
 * -shm files with the database file's own mode, so creating that file 0600 first covers all three.
 */
function createOwnerOnly(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  // An existing file keeps its mode through open(); one left by an older version may be wider.
  chmodSync(path, 0o600);
}

/** -wal/-shm left by an older version may be wider; a missing one is fine. */
function chmodIfPresent(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

/**
 * Opens a live database file from outside the server, read-only (C-04). `mode=ro`
 * still reads the WAL; `immutable=1` would not, so it is never used.
 */
export function openReadOnly(path: string): Database {
  const uri = `file:${encodeUriPath(path)}?mode=ro`;
  const db = new Database(uri, constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
  db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

export type Params = Record<string, string | number | bigint | boolean | null | Uint8Array>;

/** The first row of a read, or null. */
export function one<T>(store: Store, sql: string, params: Params = {}): T | null {
  return store.db.query<T, Params>(sql).get(params) ?? null;
}

export function all<T>(store: Store, sql: string, params: Params = {}): T[] {
  return store.db.query<T, Params>(sql).all(params);
}

/** A write with RETURNING: counts as a store write, returns the first returned row or null. */
export function writeReturning<T>(store: Store, sql: string, params: Params = {}): T | null {
  const row = store.db.query<T, Params>(sql).get(params) ?? null;
  store.wrote();
  return row;
}

/** Runs one write statement, counts it as a store write, returns the changed row count. */
export function write(store: Store, sql: string, params: Params = {}): number {
  const changes = store.db.query<unknown, Params>(sql).run(params).changes;
  store.wrote();
  return changes;
}

/** Current time as the UTC ISO string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A fresh random id for TEXT primary keys. */
export function newId(): string {
  return crypto.randomUUID();
}

/** SQLite URI filenames treat %, ? and # specially; escape them so any path opens. */
function encodeUriPath(path: string): string {
  return path.replace(/%/g, "%25").replace(/\?/g, "%3f").replace(/#/g, "%23");
}
