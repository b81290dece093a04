// The LAN login: clients not on this machine log in (password or pairing code) and get an
// HttpOnly, SameSite=Strict session; /api/inbound takes a bearer token; loopback is unaffected.
import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/server/app.ts";
import { testApp } from "../helpers/app.ts";

async function lanApp(inboundToken: string | null) {
  const t = await testApp();
  const app = createApp({ settings: { allowedHosts: [], timezone: "UTC" }, store: t.store, assets: t.assets, host: t.runtime.host, hub: t.runtime.hub, crew: t.runtime.crew, lan: { password: "mat-khau-dai", pairingCode: "ABCD2345", inboundToken } });
  const req = (path: string, init: RequestInit = {}, ip = "192.168.1.50") => {
    const headers = new Headers(init.headers);
    headers.set("host", "192.168.1.10:8420");
    return app.request(path, { ...init, headers, redirect: "manual" }, { ip });
  };
  const login = (secret: string) => req("/login", { method: "POST", body: new URLSearchParams({ secret }) });
  return { req, login };
}

describe("LAN login", () => {
  test("loopback clients need no login; LAN clients are sent to /login, the API answers 401", async () => {
    const { req } = await lanApp(null);
    expect((await req("/", {}, "127.0.0.1")).status).toBe(200);
    const page = await req("/");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/login");
    expect((await req("/api/conversations")).status).toBe(401);
    expect((await req("/api/health")).status).toBe(200);
    expect(await (await req("/login")).text()).toContain('name="secret"');
  });

  test("a wrong secret is refused; the password or the pairing code gives a strict session cookie", async () => {
    const { req, login } = await lanApp(null);
    expect((await login("doan-bua")).status).toBe(401);
    for (const secret of ["mat-khau-dai", "ABCD2345"]) {
      const ok = await login(secret);
      expect(ok.status).toBe(303);
      const cookie = ok.headers.get("set-cookie")!;
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Strict");
      const session = cookie.split(";")[0]!;
      expect((await req("/api/conversations", { headers: { cookie: session } })).status).toBe(200);
    }
    expect((await req("/api/conversations", { headers: { cookie: "my_crew_session=forged" } })).status).toBe(401);
  });

  test("/api/inbound from the LAN needs the bearer token; without one configured it is refused", async () => {
    const none = await lanApp(null);
    expect((await none.req("/api/inbound", { method: "POST", body: JSON.stringify({ text: "x" }) })).status).toBe(403);
    const { req } = await lanApp("token-relay-123456");
    expect((await req("/api/inbound", { method: "POST", body: JSON.stringify({ text: "x" }) })).status).toBe(401);
    const ok = await req("/api/inbound", { method: "POST", body: JSON.stringify({ text: "xin chào" }), headers: { authorization: "Bearer token-relay-123456" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("done");
  });
});
