// Shared fixtures for the store tests: real SQLite, in memory or in a temp directory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../../src/store/db.ts";
import { createConversation, type NewConversation } from "../../../src/store/conversations.ts";

export function memStore(): Store {
  return openStore(":memory:");
}

/** A fresh directory that the returned cleanup removes. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "my-crew-store-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function conversation(store: Store, extra: Partial<NewConversation> = {}) {
  return createConversation(store, { agentId: "default", ...extra });
}
