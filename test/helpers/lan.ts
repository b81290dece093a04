// An app as served beyond loopback (or with only the inbound token), on the real runtime, with a clock
// the test moves by hand and the log captured. Requests come from a LAN address unless told otherwise.
import { createApp } from "../../src/server/app.ts";
import type { Store } from "../../src/store/db.ts";
import { testApp } from "./app.ts";

export const PASSWORD = "mat-khau-dai";
export const CODE = "ABCD2345";
export const LAN_IP = "192.168.1.50";

export type LanOptions = { lan?: boolean; inboundToken?: string | null; store?: Store; start?: number };

export async function lanApp(opts: LanOptions = {}) {
  const t = await testApp();
  let now = opts.start ?? Date.parse("2030-01-01T00:00:00.000Z");
  const logs: string[] = [];
  const store = opts.store ?? t.store;
  const lan = opts.lan === false ? null : { password: PASSWORD, pairingCode: CODE };
  const app = createApp({
    settings: { allowedHosts: [], timezone: "UTC" }, store, assets: t.assets, host: t.runtime.host, hub: t.runtime.hub,
    crew: t.runtime.crew, log: (l) => logs.push(l), lan, inboundToken: opts.inboundToken ?? null, clock: () => now,
  });
  const req = (path: string, init: RequestInit = {}, ip: string | null = LAN_IP) => {
    const headers = new Headers(init.headers);
    headers.set("host", "192.168.1.10:8420");
    return app.request(path, { ...init, headers, redirect: "manual" }, { ip });
  };
  const login = (secret: string, ip = LAN_IP) =>
    req("/login", { method: "POST", body: new URLSearchParams({ secret }) }, ip);
  /** Logs in with the password and returns the `name=value` cookie to send back. */
  const session = async (ip = LAN_IP) => {
    const res = await login(PASSWORD, ip);
    if (res.status !== 303) throw new Error(`login answered ${res.status}`);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  };
  const inbound = (authorization: string | null, ip: string | null = LAN_IP) =>
    req("/api/inbound", {
      method: "POST",
      body: JSON.stringify({ text: "xin chào" }),
      headers: { "content-type": "application/json", ...(authorization === null ? {} : { authorization }) },
    }, ip);
  const advance = (ms: number) => {
    now += ms;
  };
  const sessionRows = () => store.db.query<{ n: number }, []>("SELECT count(*) AS n FROM sessions").get()!.n;
  return { app, req, login, session, inbound, advance, logs, store, sessionRows };
}
