// Guessing is throttled (issue 9): after 5 wrong secrets in 10 minutes an address gets 429 with
// Retry-After and its attempts are not even compared; 30 failures across all addresses close the door
// for everyone. /api/inbound needs `Bearer <token>` whenever the token is set, loopback included.
import { describe, expect, test } from "bun:test";
import { TA } from "../../src/texts/vi-auth.ts";
import { T } from "../../src/texts/vi.ts";
import { lanApp, PASSWORD } from "../helpers/lan.ts";

const TOKEN = "token-relay-123456";
const MINUTE = 60_000;

describe("login throttle", () => {
  test("5 failures, then 429 with Retry-After; not even the right secret passes until the window moves", async () => {
    const { login, advance, logs, sessionRows } = await lanApp();
    for (let i = 0; i < 5; i++) {
      expect((await login(`sai-${i}`)).status).toBe(401);
      advance(MINUTE);
    }
    const blocked = await login(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe(String(10 * 60 - 5 * 60));
    expect(blocked.headers.get("set-cookie")).toBeNull();
    expect(await blocked.text()).toContain(TA.throttledAddress(300));
    expect(sessionRows()).toBe(0);
    expect(logs.filter((l) => l.startsWith("login failed from 192.168.1.50"))).toHaveLength(5);
    expect(logs.some((l) => l.includes("192.168.1.50 throttled") && l.includes("not checked"))).toBe(true);
    // Another address is not affected by this one's failures.
    expect((await login(PASSWORD, "192.168.1.51")).status).toBe(303);
    // When the oldest failure leaves the 10-minute window, one attempt is free again.
    advance(5 * MINUTE - 1000);
    expect((await login(PASSWORD)).status).toBe(429);
    advance(1000);
    expect((await login(PASSWORD)).status).toBe(303);
  });

  test("the global ceiling: 30 failures from many addresses stop every address", async () => {
    const { login, logs } = await lanApp();
    for (let host = 1; host <= 6; host++) {
      for (let i = 0; i < 5; i++) expect((await login(`sai-${i}`, `10.0.0.${host}`)).status).toBe(401);
    }
    const fresh = await login(PASSWORD, "10.0.0.99");
    expect(fresh.status).toBe(429);
    expect(fresh.headers.get("retry-after")).toBe("600");
    expect(await fresh.text()).toContain(TA.throttledGlobal(600));
    expect(logs.some((l) => l.includes("10.0.0.99 throttled (global limit)"))).toBe(true);
  });

  test("wrong inbound tokens count too; a throttled inbound call gets JSON with Retry-After", async () => {
    const { inbound } = await lanApp({ inboundToken: TOKEN });
    for (let i = 0; i < 5; i++) expect((await inbound(`Bearer wrong-${i}`)).status).toBe(401);
    const blocked = await inbound(`Bearer ${TOKEN}`);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("600");
    expect(await blocked.json()).toEqual({ detail: TA.throttledAddress(600) });
  });
});

describe("inbound token", () => {
  test("the Bearer word is required; a wrong token is refused and logged with the address", async () => {
    const { inbound, logs } = await lanApp({ inboundToken: TOKEN });
    const bare = await inbound(TOKEN);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ detail: TA.inboundNoBearer });
    expect((await inbound(null)).status).toBe(401);
    const wrong = await inbound("Bearer token-relay-12345");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: TA.inboundWrong });
    expect(logs.filter((l) => l.startsWith("inbound refused from 192.168.1.50"))).toHaveLength(3);
    expect(logs.join("\n")).not.toContain("token-relay-12345");
    const ok = await inbound(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("done");
  });

  test("set, the token is needed from loopback too, also when the server listens only on loopback", async () => {
    for (const lan of [true, false]) {
      const { inbound, store } = await lanApp({ lan, inboundToken: TOKEN });
      const refused = await inbound(null, "127.0.0.1");
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ detail: TA.inboundMissing });
      expect(store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
      expect((await inbound(`bearer ${TOKEN}`, "127.0.0.1")).status).toBe(200);
    }
  });

  test("unset, loopback may call without a token; a LAN client is refused", async () => {
    const { inbound } = await lanApp({ inboundToken: null });
    expect((await inbound(null, "127.0.0.1")).status).toBe(200);
    const lan = await inbound(null);
    expect(lan.status).toBe(403);
    expect(await lan.json()).toEqual({ detail: T.inboundNeedsToken });
    const local = await lanApp({ lan: false, inboundToken: null });
    expect((await local.inbound(null, "127.0.0.1")).status).toBe(200);
  });
});
