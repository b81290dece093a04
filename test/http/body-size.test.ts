// Request bodies are capped before they are read (issue 9): a declared or chunked body over a route's
// limit gets 413 with a sentence, nothing from it is stored, and a 40 MB chunked upload to the real
// binary is cut off early without the server's memory growing by more than a few MB.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { MAX_LOGIN_BYTES } from "../../src/server/body-cap.ts";
import { MAX_BODY_BYTES } from "../../src/server/body.ts";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";
import { testApp } from "../helpers/app.ts";

// Every server a test started is killed, passed or failed.
afterAll(stopAll);

/** A chunked body of `total` bytes of JSON-ish padding; `pulled()` says how much the sender produced. */
function chunked(total: number, chunkBytes = 64 * 1024) {
  const chunk = new TextEncoder().encode("a".repeat(chunkBytes));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled >= total) return c.close();
      pulled += chunk.length;
      c.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}

describe("request body caps", () => {
  test("a declared Content-Length over the limit is refused with 413 before the body is read", async () => {
    const t = await testApp();
    const res = await t.request("/api/inbound", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toContain(`${Math.round(MAX_BODY_BYTES / 1024)} KB`);
    expect(t.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
  });

  test("a chunked body that passes the limit while streaming gets 413 and stores nothing", async () => {
    const t = await testApp();
    const { body } = chunked(MAX_BODY_BYTES + 200_000);
    const res = await t.request("/api/inbound", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(t.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
  });

  test("a body just under the limit still reaches the handler, which names what is wrong", async () => {
    const t = await testApp();
    const padding = "x".repeat(MAX_BODY_BYTES - 100);
    const res = await t.request("/api/inbound", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "hi", padding }),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toContain("padding");
  });

  test("the login form has its own small limit", async () => {
    const t = await testApp();
    const form = new URLSearchParams({ secret: "s".repeat(MAX_LOGIN_BYTES) });
    const res = await t.request("/login", { method: "POST", body: form });
    expect(res.status).toBe(413);
  });

  test("the real binary cuts a 40 MB chunked POST short with 413; its memory grows by a few MB at most", async () => {
    const r = await startBinary(["--port", "0", "--home", tempDir("body"), "--no-schedule"]);
    try {
      const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${r.proc.pid}/status`, "utf8"))?.[1]) * 1024;
      await fetch(`${r.url}/api/health`);
      const before = rss();
      const upload = chunked(40 * 1024 * 1024);
      const res = await fetch(`${r.url}/api/inbound`, { method: "POST", body: upload.body, duplex: "half" } as RequestInit)
        .catch((e: Error) => e);
      // Either the 413 arrives, or the server closed the socket on an upload it refused; never a 2xx.
      if (res instanceof Response) expect(res.status).toBe(413);
      expect(upload.pulled()).toBeLessThan(20 * 1024 * 1024);
      expect(rss() - before).toBeLessThan(8 * 1024 * 1024);
      expect((await fetch(`${r.url}/api/health`)).status).toBe(200);
    } finally {
      r.proc.kill("SIGKILL");
    }
  });
});
