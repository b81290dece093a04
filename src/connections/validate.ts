// Checks one change before anything is written: the name is an env var name Connections may set, the
// value fits on one line of the env file, and a catalogue row's value has its kind's shape. Errors
// name the variable, never the value (it may be a secret, N-07).
import { isTimeZone } from "../config/shared.ts";
import { T } from "../texts/vi.ts";
import { catalogueRow } from "./catalogue.ts";

export const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_VALUE_CHARS = 8000;

/**
 * Variables the process itself depends on: changing them from a web page could break the server or
 * what it spawns, and MY_AGENT_HOME is only read before the env file is.
 */
const RESERVED = new Set(["PATH", "HOME", "USER", "SHELL", "PWD", "TMPDIR", "MY_AGENT_HOME"]);
const RESERVED_PREFIX = /^(LD_|DYLD_|BUN_|NODE_)/;

/** The sentence refusing one change, or null when it may be saved. */
export function changeProblem(name: string, value: string | null): string | null {
  // A malformed name is not echoed: it may be a secret pasted into the wrong field.
  if (!NAME.test(name)) return T.conn.badName;
  if (RESERVED.has(name) || RESERVED_PREFIX.test(name)) return T.conn.reserved(name);
  if (value === null) return null;
  if (/[\n\r\0]/.test(value)) return T.conn.badValue(name);
  if (value.trim() === "") return T.conn.emptyValue(name);
  if (value.length > MAX_VALUE_CHARS) return T.conn.tooLong(name, MAX_VALUE_CHARS);
  return shapeProblem(name, value.trim());
}

function shapeProblem(name: string, value: string): string | null {
  const row = catalogueRow(name);
  if (row?.kind === "url" && !isHttpUrl(value)) return T.conn.badUrl(name);
  if (name === "MY_AGENT_TIMEZONE" && !isTimeZone(value)) return T.conn.badTimezone(name);
  if (name === "MY_AGENT_ALLOWED_HOSTS" && !splitList(value).every((h) => /^[A-Za-z0-9.:[\]-]+$/.test(h))) {
    return T.conn.badHosts(name);
  }
  return null;
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.username === "" && u.password === "";
  } catch {
    return false;
  }
}

export function splitList(v: string | undefined): string[] {
  return (v ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}
