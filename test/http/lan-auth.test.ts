// The LAN login: clients not on this machine log in (password or pairing code) and get an HttpOnly,
// SameSite=Strict session stored as a digest in SQLite, so it survives a restart and ends after 30
// idle days, on logout, or when another device signs the others out. Loopback needs no login.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import { TA } from "../../src/texts/vi-auth.ts";
import { tempDir } from "../helpers/binary.ts";
import { CODE, lanApp, PASSWORD } from "../helpers/lan.ts";

const DAY = 86_400_000;

describe("LAN login", () => {
  test("loopback clients need no login; LAN clients are sent to /login, the API answers 401", async () => {
    const { req } = await lanApp();
    expect((await req("/", {}, "127.0.0.1")).status).toBe(200);
    expect((await req("/", {}, "::ffff:127.0.0.1")).status).toBe(200);
    const page = await req("/");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/login");
    expect((await req("/api/conversations")).status).toBe(401);
    expect((await req("/api/health")).status).toBe(200);
    expect(await (await req("/login")).text()).toContain('name="secret"');
  });

  test("a wrong secret is refused and logged with the address, never the secret", async () => {
    const { login, logs, sessionRows } = await lanApp();
    const res = await login("doan-bua-123");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(TA.loginWrong);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(logs.filter((l) => l.includes("login failed from 192.168.1.50"))).toHaveLength(1);
    expect(logs.join("\n")).not.toContain("doan-bua-123");
    expect(sessionRows()).toBe(0);
    const empty = await login("   ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(TA.loginEmpty);
  });

  test("the password or the pairing code gives a strict cookie whose token is stored only as a digest", async () => {
    const { req, login, store } = await lanApp();
    for (const secret of [PASSWORD, CODE]) {
      const ok = await login(secret);
      expect(ok.status).toBe(303);
      const cookie = ok.headers.get("set-cookie")!;
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Strict");
      expect(cookie).toContain(`Max-Age=${30 * 86400}`);
      const session = cookie.split(";")[0]!;
      expect((await req("/api/conversations", { headers: { cookie: session } })).status).toBe(200);
      const token = session.split("=")[1]!;
      expect(JSON.stringify(store.db.query("SELECT * FROM sessions").all())).not.toContain(token);
    }
    expect((await req("/api/conversations", { headers: { cookie: "my_crew_session=forged" } })).status).toBe(401);
  });

  test("sessions survive a restart: a second app on the same store file accepts the cookie", async () => {
    const file = join(tempDir("sessions"), "my-crew.db");
    const first = openStore(file);
    const before = await lanApp({ store: first });
    const cookie = await before.session();
    first.close();
    const second = openStore(file);
    try {
      const after = await lanApp({ store: second });
      expect((await after.req("/api/conversations", { headers: { cookie } })).status).toBe(200);
    } finally {
      second.close();
    }
  });

  test("a session ends after 30 idle days; using it slides the limit and renews the cookie", async () => {
    const { req, session, advance } = await lanApp();
    const idle = await session();
    const busy = await session("192.168.1.51");
    advance(29 * DAY);
    const used = await req("/api/conversations", { headers: { cookie: busy } });
    expect(used.status).toBe(200);
    expect(used.headers.get("set-cookie")).toContain(`Max-Age=${30 * 86400}`);
    advance(DAY);
    expect((await req("/api/conversations", { headers: { cookie: idle } })).status).toBe(401);
    expect((await req("/", { headers: { cookie: idle } })).headers.get("location")).toBe("/login");
    advance(28 * DAY);
    expect((await req("/api/conversations", { headers: { cookie: busy } })).status).toBe(200);
  });

  test("logout ends this device's session and clears the cookie", async () => {
    const { req, session, sessionRows } = await lanApp();
    const cookie = await session();
    const out = await req("/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie()).toEqual([expect.stringMatching(/^my_crew_session=;.*Max-Age=0/)]);
    expect(sessionRows()).toBe(0);
    expect((await req("/api/conversations", { headers: { cookie } })).status).toBe(401);
  });

  test("signing out the other devices keeps only the current session", async () => {
    const { req, session, sessionRows } = await lanApp();
    const mine = await session();
    const phone = await session("192.168.1.60");
    const tablet = await session("192.168.1.61");
    const headers = { cookie: mine, "hx-request": "true" };
    const res = await req("/sessions/sign-out-others", { method: "POST", headers });
    expect(res.status).toBe(200);
    const card = await res.text();
    expect(card).toContain('id="sessions"');
    expect(card).toContain(TA.signedOutOthers(2));
    expect(card).toContain(TA.others(0));
    expect(sessionRows()).toBe(1);
    for (const gone of [phone, tablet]) {
      expect((await req("/api/conversations", { headers: { cookie: gone } })).status).toBe(401);
    }
    expect((await req("/api/conversations", { headers: { cookie: mine } })).status).toBe(200);
  });

  test("Settings shows the session actions to a logged-in device, and says when no login is needed", async () => {
    const lan = await lanApp();
    const cookie = await lan.session();
    await lan.session("192.168.1.70");
    const page = await (await lan.req("/manage/settings", { headers: { cookie } })).text();
    expect(page).toContain('action="/logout"');
    expect(page).toContain('action="/sessions/sign-out-others"');
    expect(page).toContain(TA.others(1));
    const onServer = await (await lan.req("/manage/settings", {}, "127.0.0.1")).text();
    expect(onServer).toContain(TA.onServer);
    expect(onServer).not.toContain('action="/logout"');
    const local = await lanApp({ lan: false });
    const alone = await (await local.req("/manage/settings", {}, "127.0.0.1")).text();
    expect(alone).toContain(TA.noLogin);
    expect(alone).not.toContain("sign-out-others");
  });
});
