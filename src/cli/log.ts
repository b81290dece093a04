// Server log lines: human-readable, one per event, to stderr. Never pass a secret value to log(); as a
// second line of defence every secret registered with maskInLogs (each Telegram token the process used,
// replaced ones and ones only tested from Connections: L-85) is replaced by <token> in every line.
import { writeSync } from "node:fs";

export class StartupError extends Error {}

const masked = new Set<string>();

/** Registers a secret to cut out of every later log line (and its URL-encoded form); kept for the process. */
export function maskInLogs(secret: string | undefined): void {
  const s = secret?.trim();
  // A very short value would mask ordinary words; no real token is that short.
  if (!s || s.length < 8) return;
  masked.add(s);
  masked.add(encodeURIComponent(s));
}

/** `line` with every registered secret replaced by <token>. */
export function maskSecrets(line: string): string {
  let out = line;
  for (const s of masked) if (out.includes(s)) out = out.split(s).join("<token>");
  return out;
}

export function log(line: string): void {
  const bytes = Buffer.from(`${new Date().toISOString()} ${maskSecrets(line)}\n`);
  // Straight to fd 2: process.stderr's first use loads node:stream, ~10 ms before the first 200
  // (docs/performance.md). A descriptor that refuses a write now (a full non-blocking pipe) gets the stream.
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(2, bytes, at);
  } catch {
    process.stderr.write(bytes.subarray(at));
  }
}
