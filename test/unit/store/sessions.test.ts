// Login sessions: only a digest of the token is stored; use slides the 30-day idle limit, writing
// at most once a minute; logout and "sign out other devices" remove the right rows.
import { describe, expect, test } from "bun:test";
import {
  countSessions, createSession, deleteOtherSessions, deleteSession, SESSION_IDLE_MS, useSession,
} from "../../../src/store/sessions.ts";
import { memStore } from "./helpers.ts";

const T0 = new Date("2030-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("sessions", () => {
  test("the table holds a SHA-256 of the token, never the token", () => {
    const store = memStore();
    createSession(store, "tok-secret-abc", T0);
    const rows = store.db.query<Record<string, string>, []>("SELECT * FROM sessions").all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("tok-secret-abc");
    expect(rows[0]!.token_sha256).toBe(new Bun.CryptoHasher("sha256").update("tok-secret-abc").digest("hex"));
    expect(useSession(store, "tok-secret-abc", T0)).not.toBeNull();
    expect(useSession(store, "tok-secret-abd", T0)).toBeNull();
  });

  test("use moves last_seen_at at most once a minute", () => {
    const store = memStore();
    createSession(store, "a", T0);
    const writes = store.writes();
    expect(useSession(store, "a", at(30_000))).toMatchObject({ touched: false, lastSeenAt: T0.toISOString() });
    expect(store.writes()).toBe(writes);
    expect(useSession(store, "a", at(60_000))).toMatchObject({ touched: true, lastSeenAt: at(60_000).toISOString() });
    expect(store.writes()).toBe(writes + 1);
  });

  test("a session idle for 30 days is gone; one used within them lives on", () => {
    const store = memStore();
    createSession(store, "idle", T0);
    createSession(store, "busy", T0);
    expect(useSession(store, "busy", at(SESSION_IDLE_MS - 1000))?.touched).toBe(true);
    expect(useSession(store, "idle", at(SESSION_IDLE_MS))).toBeNull();
    expect(useSession(store, "busy", at(2 * SESSION_IDLE_MS - 2000))).not.toBeNull();
    expect(countSessions(store, at(2 * SESSION_IDLE_MS - 2000))).toBe(1);
  });

  test("logout deletes one session; signing out the others keeps only the given one", () => {
    const store = memStore();
    for (const t of ["phone", "laptop", "tablet"]) createSession(store, t, T0);
    expect(deleteSession(store, "tablet")).toBe(true);
    expect(deleteSession(store, "tablet")).toBe(false);
    expect(deleteOtherSessions(store, "phone")).toBe(1);
    expect(useSession(store, "phone", T0)).not.toBeNull();
    expect(useSession(store, "laptop", T0)).toBeNull();
    expect(deleteOtherSessions(store, null)).toBe(1);
    expect(countSessions(store, T0)).toBe(0);
  });
});
