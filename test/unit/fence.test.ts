import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { fence, hostName } from "../../src/server/fence.ts";

function app(allowed: string[] = []) {
  const a = new Hono();
  a.use(fence(allowed));
  a.get("*", (c) => c.text("ok"));
  return a;
}
const get = (host: string, origin?: string, allowed: string[] = []) =>
  app(allowed).request("/x", { headers: { host, ...(origin !== undefined ? { origin } : {}) } });

describe("Host/Origin fence", () => {
  test("IP addresses, localhost and allowed names pass", async () => {
    for (const host of ["127.0.0.1:8420", "192.168.1.20:8420", "[::1]:8420", "localhost:8420", "LOCALHOST"]) {
      expect((await get(host)).status).toBe(200);
    }
    expect((await get("crew.lan:8420", undefined, ["crew.lan"])).status).toBe(200);
  });

  test("any other name gets 403 naming the host", async () => {
    const res = await get("evil.example:8420");
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toContain("evil.example");
    expect((await get("localhost.evil.example")).status).toBe(403);
    expect((await get("")).status).toBe(403);
  });

  test("Origin must match host:port exactly when present", async () => {
    expect((await get("127.0.0.1:8420", "http://127.0.0.1:8420")).status).toBe(200);
    for (const origin of ["http://127.0.0.1:9999", "http://evil.example", "null", "file://", "http://localhost:8420"]) {
      const res = await get("127.0.0.1:8420", origin);
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toContain(origin);
    }
  });

  test("hostName strips port and brackets", () => {
    expect(hostName("Example.COM:80")).toBe("example.com");
    expect(hostName("[fe80::1]:8420")).toBe("fe80::1");
    expect(hostName("[broken")).toBe("");
  });
});
