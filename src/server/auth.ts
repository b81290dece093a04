// What the two secret checks (LAN login, inbound token) share: who is asking, the failure
// throttle, the clock and the log. Loopback means this machine (or a reverse proxy on it).
import type { Context } from "hono";
import type { Store } from "../store/db.ts";
import { TA } from "../texts/vi-auth.ts";
import type { ClientEnv } from "./listen.ts";
import type { FailureThrottle, Refusal } from "./throttle.ts";

export type AuthDeps = { store: Store; throttle: FailureThrottle; now: () => number; log: (line: string) => void };

export function isLoopback(ip: string | null): boolean {
  return !!ip && (ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127."));
}

/** The client's address as logs and the throttle key it: IPv4-mapped IPv6 is written as IPv4. */
export function clientAddress(c: Context): string {
  const ip = (c.env as ClientEnv | undefined)?.ip ?? null;
  if (!ip) return "unknown";
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/** Sets Retry-After (whole seconds), logs the refusal and returns the sentence for the body. */
export function throttled(c: Context, d: AuthDeps, what: string, address: string, r: Refusal): string {
  c.header("retry-after", String(r.retryAfterSeconds));
  d.log(`${what} from ${address} throttled (${r.scope} limit), not checked; retry in ${r.retryAfterSeconds}s`);
  return r.scope === "address" ? TA.throttledAddress(r.retryAfterSeconds) : TA.throttledGlobal(r.retryAfterSeconds);
}
