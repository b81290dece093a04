// Issue 9 part 5: the home is 0700 and the database, its WAL files and the env file are 0600, even when
// the process runs with umask 000 (which would otherwise leave them world-readable).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { chmodSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureHomeDir, ensureLayout, homePaths } from "../../src/config/home.ts";
import { writeFileAtomic } from "../../src/config/file-write.ts";
import { openStore } from "../../src/store/db.ts";
import { tempDir } from "../helpers/binary.ts";

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

let saved: number;
beforeEach(() => {
  saved = process.umask(0);
});
afterEach(() => {
  process.umask(saved);
});

describe("file modes under umask 000", () => {
  test("a new home is 0700 and its env file 0600", () => {
    const root = join(tempDir("modes"), "nested", "home");
    ensureHomeDir(root);
    expect(mode(root)).toBe("700");
    ensureLayout(homePaths(root));
    expect(mode(join(root, "env"))).toBe("600");
  });

  test("the database, its -wal and -shm are 0600 from the first write", () => {
    const file = join(tempDir("modes"), "my-crew.db");
    const store = openStore(file);
    try {
      store.db.run("CREATE TABLE probe (x INTEGER)");
      store.db.run("INSERT INTO probe VALUES (1)");
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, mode(f)]).toEqual([f, "600"]);
    } finally {
      store.close();
    }
  });

  test("a database file left world-readable by an older version is narrowed when opened", () => {
    const file = join(tempDir("modes"), "my-crew.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const store = openStore(file);
    store.close();
    expect(mode(file)).toBe("600");
  });

  test("Connections' atomic write of the env file is 0600", async () => {
    const file = join(tempDir("modes"), "env");
    await writeFileAtomic(file, "A=1\n");
    expect(mode(file)).toBe("600");
  });
});
