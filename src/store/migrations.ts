// Append-only, ordered schema migrations, recorded in schema_migrations.
// Invariant: a migration's SQL and its record row commit in ONE transaction, so a
// crash leaves either both or neither. Never edit an applied migration: add one.
import type { Database } from "bun:sqlite";
import { CONVERSATION_SCHEMA } from "./schema-conversations.ts";
import { FTS_CONTENT_SCHEMA, FTS_SCHEMA } from "./schema-fts.ts";
import { RUN_SCHEMA } from "./schema-runs.ts";
import { MISC_SCHEMA } from "./schema-misc.ts";
import { SESSION_SCHEMA } from "./schema-sessions.ts";
import { SLOT_SCHEMA } from "./schema-slots.ts";
import { TELEGRAM_SENT_SCHEMA } from "./telegram-sent.ts";
import { TELEGRAM_UPDATES_SCHEMA } from "./schema-telegram.ts";
import { COMPACTION_SCHEMA } from "./schema-compactions.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    // The FTS table, its triggers and its backfill ride in the same transaction as the
    // tables (C-29): a crash cannot leave an empty index that a later boot trusts.
    sql: [CONVERSATION_SCHEMA, RUN_SCHEMA, MISC_SCHEMA, FTS_SCHEMA].join("\n"),
  },
  { version: 2, name: "login sessions", sql: SESSION_SCHEMA },
  { version: 3, name: "slot ledger", sql: SLOT_SCHEMA },
  { version: 4, name: "telegram sent pieces", sql: TELEGRAM_SENT_SCHEMA },
  { version: 5, name: "search snippets", sql: FTS_CONTENT_SCHEMA },
  { version: 6, name: "telegram update ledger", sql: TELEGRAM_UPDATES_SCHEMA },
  { version: 7, name: "context compactions", sql: COMPACTION_SCHEMA },
];

export interface AppliedMigration {
  version: number;
  name: string;
  appliedAt: string;
}

/**
 * Applies every migration newer than the recorded version, each in its own
 * transaction. Returns the versions applied now (empty when already up to date).
 * Throws a plain sentence when the file was written by a newer build.
 */
export function migrate(
  db: Database,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
): number[] {
  checkOrder(migrations);
  db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const current = currentVersion(db);
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  if (current > latest) {
    throw new Error(
      `The database ${path} has schema version ${current}, but this build of my-crew ` +
        `only knows up to version ${latest}. Run a newer my-crew build on this home.`,
    );
  }
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.run(m.sql);
      db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}

/** The highest recorded version, 0 for a new file. */
export function currentVersion(db: Database): number {
  const row = db.query<{ v: number | null }, []>("SELECT max(version) AS v FROM schema_migrations").get();
  return row?.v ?? 0;
}

export function appliedMigrations(db: Database): AppliedMigration[] {
  return db
    .query<AppliedMigration, []>(
      "SELECT version, name, applied_at AS appliedAt FROM schema_migrations ORDER BY version",
    )
    .all();
}

/** Versions must start at 1 and grow by one: a gap or a reorder is a programming error. */
function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`Migration "${m.name}" has version ${m.version}, expected ${i + 1}.`);
    }
  });
}
