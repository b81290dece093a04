// Values scripts keep between runs with store(key, value) / load(key) (H-40, H-41).
// The server picks the namespace (conv:<conversation id> or job:<schedule id>), the script
// the key. A script's writes land all together or not at all, and the size limits are
// measured inside that same transaction (H-42).
import { all, one, nowIso, write, type Store } from "./db.ts";

export interface ScriptStoreLimits {
  /** Keys per agent and namespace. */
  maxKeys: number;
  /** Bytes of keys plus JSON values per agent and namespace. */
  maxBytes: number;
}

// The seeds leave the numbers to the missing tools.md; these are this port's defaults.
export const SCRIPT_STORE_LIMITS: ScriptStoreLimits = { maxKeys: 1000, maxBytes: 1_000_000 };

/** One pending write; a null value deletes the key. */
export interface ScriptWrite {
  key: string;
  valueJson: string | null;
}

export const convNamespace = (conversationId: string): string => `conv:${conversationId}`;
export const jobNamespace = (scheduleId: string): string => `job:${scheduleId}`;

/** The stored JSON text for a key, or null when absent. */
export function loadValue(store: Store, agentId: string, namespace: string, key: string): string | null {
  const row = one<{ valueJson: string }>(
    store,
    `SELECT value_json AS valueJson FROM script_store
     WHERE agent_id = $agentId AND namespace = $namespace AND key = $key`,
    { agentId, namespace, key },
  );
  return row?.valueJson ?? null;
}

export function listKeys(store: Store, agentId: string, namespace: string): string[] {
  return all<{ key: string }>(
    store,
    "SELECT key FROM script_store WHERE agent_id = $agentId AND namespace = $namespace ORDER BY key",
    { agentId, namespace },
  ).map((r) => r.key);
}

/**
 * Applies a finished script's writes in one transaction. Throws (and keeps nothing) when the
 * namespace would exceed the limits afterwards.
 */
export function applyWrites(
  store: Store,
  agentId: string,
  namespace: string,
  writes: ScriptWrite[],
  limits: ScriptStoreLimits = SCRIPT_STORE_LIMITS,
): void {
  store.tx(() => {
    const at = nowIso();
    for (const w of writes) {
      if (w.valueJson === null) {
        write(
          store,
          "DELETE FROM script_store WHERE agent_id = $agentId AND namespace = $namespace AND key = $key",
          { agentId, namespace, key: w.key },
        );
        continue;
      }
      write(
        store,
        `INSERT INTO script_store (agent_id, namespace, key, value_json, updated_at)
         VALUES ($agentId, $namespace, $key, $value, $at)
         ON CONFLICT (agent_id, namespace, key) DO UPDATE SET value_json = excluded.value_json,
           updated_at = excluded.updated_at`,
        { agentId, namespace, key: w.key, value: w.valueJson, at },
      );
    }
    const size = one<{ keys: number; bytes: number }>(
      store,
      `SELECT count(*) AS keys,
         coalesce(sum(length(CAST(key AS BLOB)) + length(CAST(value_json AS BLOB))), 0) AS bytes
       FROM script_store WHERE agent_id = $agentId AND namespace = $namespace`,
      { agentId, namespace },
    )!;
    if (size.keys > limits.maxKeys) {
      throw new Error(`The script store would hold ${size.keys} keys; the limit is ${limits.maxKeys}.`);
    }
    if (size.bytes > limits.maxBytes) {
      throw new Error(`The script store would hold ${size.bytes} bytes; the limit is ${limits.maxBytes}.`);
    }
  });
}

/** Drops a whole namespace (all agents); conversation delete does this itself (H-43). */
export function deleteNamespace(store: Store, namespace: string): number {
  return write(store, "DELETE FROM script_store WHERE namespace = $namespace", { namespace });
}
