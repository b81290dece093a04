// Saving in Connections (O-05, O-11): validate every change, refuse one that would break the crew,
// then write `<home>/env` atomically, apply the changes to the live environment, rebuild the crew and
// announce it (`jobs`). A refusal writes nothing and changes nothing. Values are never echoed (N-07).
import { EnvFileError, parseEnvFile } from "../config/env-file.ts";
import type { AppDeps } from "../server/deps.ts";
import { T } from "../texts/vi.ts";
import { crewBreak } from "./crew-check.ts";
import { withFileLock, writeFileAtomic } from "../config/file-write.ts";
import { editEnvText, readEnvText, type EnvChanges } from "./env-store.ts";
import { connectionsStatus, type ConnectionsStatus } from "./status.ts";
import { changeProblem } from "./validate.ts";

export type SaveDeps = Pick<AppDeps, "crew" | "env" | "envFile" | "rebuildCrew" | "log" | "mcp">;

export type SaveResult = { ok: true; status: ConnectionsStatus } | { ok: false; detail: string };

export async function saveConnections(d: SaveDeps, requested: EnvChanges): Promise<SaveResult> {
  const file = d.envFile;
  const env = d.env;
  if (!file || !env) return { ok: false, detail: T.conn.noFile };
  const names = Object.keys(requested);
  if (names.length === 0) return { ok: false, detail: T.conn.noChanges };
  for (const name of names) {
    const problem = changeProblem(name, requested[name]!);
    if (problem) return { ok: false, detail: problem };
  }
  // Stored trimmed: a key pasted with a trailing space would otherwise fail at the provider.
  const changes = Object.fromEntries(names.map((n) => [n, requested[n]?.trim() ?? null]));
  return withFileLock(file, async (): Promise<SaveResult> => {
    const text = readEnvText(file);
    try {
      parseEnvFile(text, file);
    } catch (e) {
      if (e instanceof EnvFileError) return { ok: false, detail: T.conn.fileBroken(e.message) };
      throw e;
    }
    const after = applyChanges({ ...env }, changes);
    const broken = crewBreak(d.crew(), env, after, changes);
    if (broken) return { ok: false, detail: broken };
    await writeFileAtomic(file, editEnvText(text, changes));
    applyChanges(env, changes);
    // Names only: the log never holds a value (N-09).
    const listed = names.map((n) => (changes[n] === null ? `-${n}` : n)).join(", ");
    d.log?.(`connections: saved ${listed} in ${file}; crew rebuilt`);
    // The rebuild re-reads the jobs' schedules, which announces `jobs` (I-36).
    d.rebuildCrew?.();
    return { ok: true, status: connectionsStatus(d) };
  });
}

/** Sets or deletes each changed name in `env` (the live one or a copy); returns it. */
function applyChanges<E extends Record<string, string | undefined>>(env: E, changes: EnvChanges): E {
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete env[name];
    else (env as Record<string, string | undefined>)[name] = value;
  }
  return env;
}
