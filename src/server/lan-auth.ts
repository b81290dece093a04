// The LAN login (decisions.md): bound to a non-loopback address, the server asks every client that
// is not on this machine to log in — with MY_AGENT_PASSWORD, or the pairing code printed at start —
// and keeps an HttpOnly, SameSite=Strict session cookie whose digest lives in the store. Wrong
// secrets are throttled (throttle.ts). This sits after the Host/Origin fence, not instead of it.
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { loginPage } from "../../views/login-page.ts";
import { createSession, SESSION_IDLE_MS, useSession } from "../store/sessions.ts";
import { TA } from "../texts/vi-auth.ts";
import { T } from "../texts/vi.ts";
import { clientAddress, isLoopback, throttled, type AuthDeps } from "./auth.ts";
import { sameSecret } from "./secret.ts";

export type LanAuth = { password: string | null; pairingCode: string };

export const SESSION_COOKIE = "my_crew_session";
// /api/inbound and the OpenAI door (/v1/…) answer to their own token check (inbound-auth.ts), never to a session.
const OPEN = /^\/(assets\/|api\/health$|api\/inbound$|login$|v1(\/|$))/;

export function lanAuth(auth: LanAuth, d: AuthDeps): MiddlewareHandler {
  return async (c, next) => {
    if (isLoopback(clientAddress(c))) return next();
    const path = c.req.path;
    if (path === "/login" && c.req.method === "POST") return login(c, auth, d);
    if (path === "/login") return c.html(loginPage(null));
    if (OPEN.test(path)) return next();
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? useSession(d.store, token, new Date(d.now())) : null;
    if (!token || !session) {
      if (path.startsWith("/api/")) return c.json({ detail: T.loginRequired }, 401);
      return c.redirect("/login", 303);
    }
    await next();
    // Sliding expiry: the cookie's 30 days restart with the row's, unless the answer ends the session.
    const ending = c.res.headers.getSetCookie().some((v) => v.startsWith(`${SESSION_COOKIE}=`));
    if (session.touched && !ending) setSessionCookie(c, token);
  };
}

async function login(c: Context, auth: LanAuth, d: AuthDeps) {
  const address = clientAddress(c);
  // A throttled attempt is not even read, let alone compared.
  const refusal = d.throttle.check(address);
  if (refusal) return c.html(loginPage(throttled(c, d, "login", address, refusal)), 429);
  const form = await c.req.formData().catch(() => null);
  const secret = String(form?.get("secret") ?? "").trim();
  if (!secret) return c.html(loginPage(TA.loginEmpty), 400);
  const byPassword = auth.password !== null && sameSecret(secret, auth.password);
  const byCode = sameSecret(secret, auth.pairingCode);
  if (!byPassword && !byCode) {
    const next = d.throttle.fail(address);
    d.log(`login failed from ${address}${next ? `; further attempts wait ${next.retryAfterSeconds}s` : ""}`);
    return c.html(loginPage(TA.loginWrong), 401);
  }
  d.throttle.succeed(address);
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  createSession(d.store, token, new Date(d.now()));
  d.log(`login from ${address} with the ${byPassword ? "password" : "pairing code"}`);
  setSessionCookie(c, token);
  return c.redirect("/", 303);
}

export function setSessionCookie(c: Context, token: string): void {
  const maxAge = SESSION_IDLE_MS / 1000;
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Strict", path: "/", maxAge });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: "Strict", path: "/" });
}

/** Eight characters from an alphabet without look-alikes, for the log line at start. */
export function pairingCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join("");
}
