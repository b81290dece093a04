// The real binary on its default loopback bind with MY_AGENT_INBOUND_TOKEN set: /api/inbound needs
// the bearer token from this machine too (a reverse proxy on the host is loopback), and says so at start.
import { afterAll, describe, expect, test } from "bun:test";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);

describe("inbound token on a loopback bind", () => {
  test("without the token: 401 and nothing stored; with `Bearer <token>`: answered", async () => {
    const token = "relay-token-0123456789";
    const r = await startBinary(["--port", "0", "--home", tempDir("inbound-token")], {
      env: { MY_AGENT_ROUTES: "fake:echo", MY_AGENT_INBOUND_TOKEN: token },
    });
    const call = (authorization?: string) =>
      fetch(`${r.url}/api/inbound`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ text: "xin chào" }),
      });
    expect((await call()).status).toBe(401);
    expect((await call(token)).status).toBe(401);
    expect((await (await fetch(`${r.url}/api/conversations`)).json()).conversations).toEqual([]);
    const ok = await call(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).status).toBe("done");
    expect(r.stderr()).toContain("/api/inbound needs it from every client, this machine included");
    expect(r.stderr()).toContain("inbound refused from 127.0.0.1: no Authorization header");
    expect(r.stderr()).not.toContain(token);
  });
});
