// Logging out (issue 9): POST /logout ends this device's session; POST /sessions/sign-out-others ends
// every other one and answers with the Settings card. Both sit behind the fence and the LAN login.
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { sessionsCard, SIGN_OUT_OTHERS, type SessionsData } from "../../../views/manage/sessions.ts";
import { countSessions, deleteOtherSessions, deleteSession, useSession } from "../../store/sessions.ts";
import { TA } from "../../texts/vi-auth.ts";
import { clientAddress } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { clearSessionCookie, SESSION_COOKIE } from "../lan-auth.ts";

export function sessionRoutes(d: AppDeps): Hono {
  const app = new Hono();
  app.post("/logout", (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token && deleteSession(d.store, token)) d.log?.(`logout from ${clientAddress(c)}`);
    clearSessionCookie(c);
    return c.redirect("/", 303);
  });
  app.post(SIGN_OUT_OTHERS, (c) => {
    const mine = sessionsData(c, d).current ? getCookie(c, SESSION_COOKIE)! : null;
    const n = deleteOtherSessions(d.store, mine);
    d.log?.(`${clientAddress(c)} signed out ${n} other session(s)`);
    if (c.req.header("hx-request") !== "true") return c.redirect("/manage/settings", 303);
    return c.html(sessionsCard({ ...sessionsData(c, d), notice: TA.signedOutOthers(n) }));
  });
  return app;
}

/** What the card shows for this request: whether it holds a live session, and how many others exist. */
export function sessionsData(c: Context, d: AppDeps): SessionsData {
  const now = new Date((d.clock ?? Date.now)());
  const token = getCookie(c, SESSION_COOKIE);
  const current = !!d.lan && !!token && useSession(d.store, token, now) !== null;
  return { lan: !!d.lan, current, others: countSessions(d.store, now) - (current ? 1 : 0) };
}
