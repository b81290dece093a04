// LAN login sessions (issue 9). This module takes the cookie token and stores only its SHA-256, so
// the table alone can log no one in. Sessions slide: each use keeps one alive, 30 idle days end it.
import { one, write, type Store } from "./db.ts";

export const SESSION_IDLE_MS = 30 * 86_400_000;
/** last_seen_at moves at most this often, so a busy page does not write on every request. */
export const SESSION_TOUCH_MS = 60_000;

export interface Session {
  createdAt: string;
  lastSeenAt: string;
}

/** A new session for a freshly drawn token; sessions idle past the limit are dropped on the way. */
export function createSession(store: Store, token: string, now: Date): void {
  dropIdleSessions(store, now);
  const at = now.toISOString();
  write(store, "INSERT INTO sessions (token_sha256, created_at, last_seen_at) VALUES ($hash, $at, $at)", {
    hash: tokenHash(token),
    at,
  });
}

/**
 * The live session for a cookie token, or null when unknown or idle for 30 days (then deleted).
 * `touched` says last_seen_at moved now (at most once a minute), so the caller can renew the cookie.
 */
export function useSession(store: Store, token: string, now: Date): (Session & { touched: boolean }) | null {
  const hash = tokenHash(token);
  const row = one<Session>(store, `SELECT ${COLUMNS} FROM sessions WHERE token_sha256 = $hash`, { hash });
  if (!row) return null;
  const seen = Date.parse(row.lastSeenAt);
  if (now.getTime() - seen >= SESSION_IDLE_MS) {
    write(store, "DELETE FROM sessions WHERE token_sha256 = $hash", { hash });
    return null;
  }
  if (now.getTime() - seen < SESSION_TOUCH_MS) return { ...row, touched: false };
  const at = now.toISOString();
  write(store, "UPDATE sessions SET last_seen_at = $at WHERE token_sha256 = $hash", { at, hash });
  return { ...row, lastSeenAt: at, touched: true };
}

/** Logs one device out; returns whether a session was there. */
export function deleteSession(store: Store, token: string): boolean {
  return write(store, "DELETE FROM sessions WHERE token_sha256 = $hash", { hash: tokenHash(token) }) > 0;
}

/** Logs out every device except the one holding `keep` (all of them when keep is null). */
export function deleteOtherSessions(store: Store, keep: string | null): number {
  return write(store, "DELETE FROM sessions WHERE token_sha256 <> $keep", { keep: keep ? tokenHash(keep) : "" });
}

/** How many sessions are alive at `now` (this device's included, if it has one). */
export function countSessions(store: Store, now: Date): number {
  const cutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  return one<{ n: number }>(store, "SELECT count(*) AS n FROM sessions WHERE last_seen_at > $cutoff", { cutoff })!.n;
}

function dropIdleSessions(store: Store, now: Date): number {
  const cutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  return write(store, "DELETE FROM sessions WHERE last_seen_at <= $cutoff", { cutoff });
}

function tokenHash(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

const COLUMNS = "created_at AS createdAt, last_seen_at AS lastSeenAt";
