// The LAN login (decisions.md): bound to a non-loopback address, the server asks every client that
// is not on this machine to log in — with MY_AGENT_PASSWORD, or the pairing code printed at start —
// and keeps an HttpOnly, SameSite=Strict session cookie. /api/inbound takes a bearer token
// (MY_AGENT_INBOUND_TOKEN) instead. This sits after the Host/Origin fence, not instead of it.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { timingSafeEqual } from "node:crypto";
import { loginPage } from "../../views/login-page.ts";
import { T } from "../texts/vi.ts";
import type { ClientEnv } from "./listen.ts";

export type LanAuth = { password: string | null; pairingCode: string; inboundToken: string | null };

const COOKIE = "my_crew_session";
const OPEN = /^\/(assets\/|api\/health$|login$)/;

export function isLoopback(ip: string | null): boolean {
  return !!ip && (ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127."));
}

export function lanAuth(auth: LanAuth): MiddlewareHandler {
  const sessions = new Set<string>();
  return async (c, next) => {
    if (isLoopback((c.env as ClientEnv | undefined)?.ip ?? null)) return next();
    const path = c.req.path;
    if (path === "/login" && c.req.method === "POST") return login(c, auth, sessions);
    if (path === "/login") return c.html(loginPage(null));
    if (OPEN.test(path)) return next();
    if (path === "/api/inbound") {
      if (!auth.inboundToken) return c.json({ detail: T.inboundNeedsToken }, 403);
      const given = (c.req.header("authorization") ?? "").replace(/^Bearer\s+/i, "");
      return same(given, auth.inboundToken) ? next() : c.json({ detail: T.inboundBadToken }, 401);
    }
    const session = getCookie(c, COOKIE);
    if (session && sessions.has(session)) return next();
    if (path.startsWith("/api/")) return c.json({ detail: T.loginRequired }, 401);
    return c.redirect("/login", 303);
  };
}

async function login(c: Context, auth: LanAuth, sessions: Set<string>) {
  const form = await c.req.formData().catch(() => null);
  const secret = String(form?.get("secret") ?? "").trim();
  const ok = (auth.password !== null && same(secret, auth.password)) || same(secret, auth.pairingCode);
  if (!ok) {
    await Bun.sleep(500);
    return c.html(loginPage(T.loginFailed), 401);
  }
  const token = crypto.randomUUID() + crypto.randomUUID();
  sessions.add(token);
  setCookie(c, COOKIE, token, { httpOnly: true, sameSite: "Strict", path: "/", maxAge: 30 * 86400 });
  return c.redirect("/", 303);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Eight characters from an alphabet without look-alikes, for the log line at start. */
export function pairingCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join("");
}
