// The server's private environment (N-07, N-19): the launch environment plus `<home>/env`, held in one
// map that the server passes to whatever needs a key. Keys are then scrubbed from process.env, so no code
// that reads it later finds them. Neither the kernel's copy (/proc/<pid>/environ) nor what Bun.spawn
// passes by default changes: children get an explicit environment, and the shell sandbox hides /proc.
import { SECRET_NAME } from "../export/redact.ts";
import { readEnvFile } from "./env-file.ts";

export type Env = Record<string, string | undefined>;

/** Reads `file` into a copy of `launch` (launch values win), then scrubs the keys from `launch`. */
export function privateEnv(file: string, launch: Env = process.env): Env {
  const fromFile = readEnvFile(file);
  const env: Env = { ...fromFile, ...launch };
  scrubSecrets(launch, Object.keys(fromFile));
  return env;
}

/**
 * Deletes from `env` every secret-looking name (the same rule as redaction) and every name the secrets
 * file sets, whatever it is called (a `token_env` may name any variable). Returns the names removed.
 */
export function scrubSecrets(env: Env, fileNames: string[] = []): string[] {
  const fromFile = new Set(fileNames);
  const removed = Object.keys(env).filter((name) => SECRET_NAME.test(name) || fromFile.has(name));
  for (const name of removed) delete env[name];
  return removed;
}
