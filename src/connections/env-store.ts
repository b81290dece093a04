// `<home>/env` as Connections edits it (O-05): read, change some names keeping every comment and the
// order of untouched lines; config/file-write.ts writes it atomically with mode 0600.
import { readFileSync } from "node:fs";
import { parseEnvFile } from "../config/env-file.ts";

/** null removes the variable. */
export type EnvChanges = Record<string, string | null>;

/** The file's text; "" when it does not exist yet. */
export function readEnvText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw e;
  }
}

/** The variables the file sets (throws EnvFileError naming the line of a malformed file). */
export function readEnvValues(file: string): Record<string, string> {
  return parseEnvFile(readEnvText(file), file);
}

/**
 * Applies `changes` to the text of an env file: a changed name keeps the place of its first line
 * (later duplicates go), a removed name loses all its lines, a new name is appended at the end.
 * Callers validate names and values first (validate.ts); this only encodes.
 */
export function editEnvText(text: string, changes: EnvChanges): string {
  const lines = text === "" ? [] : text.replace(/\r?\n$/, "").split(/\r?\n/);
  const done = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    const name = lineName(line);
    if (name === null || !(name in changes)) {
      out.push(line);
      continue;
    }
    const value = changes[name];
    if (value === null || done.has(name)) continue;
    done.add(name);
    out.push(`${line.trim().startsWith("export ") ? "export " : ""}${name}=${encodeValue(value)}`);
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value !== null && !done.has(name)) out.push(`${name}=${encodeValue(value)}`);
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}

/** The name a line sets, read the way parseEnvFile reads it; null for comments and blank lines. */
function lineName(raw: string): string | null {
  const line = raw.trim();
  if (line === "" || line.startsWith("#")) return null;
  const body = line.startsWith("export ") ? line.slice(7).trim() : line;
  const eq = body.indexOf("=");
  return eq > 0 ? body.slice(0, eq).trim() : null;
}

/**
 * A value parseEnvFile reads back unchanged: bare when that round-trips, otherwise in single quotes
 * (the parser takes whatever sits between the outer quotes literally, with no escapes).
 */
export function encodeValue(value: string): string {
  const trimmed = value.trim();
  const quotedLooking = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]);
  return trimmed === value && !quotedLooking && value !== "" ? value : `'${value}'`;
}
