import { describe, expect, test } from "bun:test";
import { testApp } from "../helpers/app.ts";
import { VERSION } from "../../src/version.ts";

describe("server shell over HTTP", async () => {
  const { request } = await testApp(["crew.lan"]);

  test("GET /api/health answers ok with the version", async () => {
    const res = await request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, version: VERSION });
  });

  test("the fence guards every path: a foreign Host gets 403 naming it, an allowed one passes", async () => {
    for (const path of ["/", "/api/health", "/assets/whatever.js", "/no/such/page"]) {
      const res = await request(path, { headers: { host: "attacker.example:8420" } });
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toContain("attacker.example");
    }
    expect((await request("/api/health", { headers: { host: "crew.lan:8420" } })).status).toBe(200);
    const cross = await request("/api/health", { headers: { origin: "http://attacker.example" } });
    expect(cross.status).toBe(403);
  });

  test("GET / is the page shell, never cached, loading one script and one stylesheet from hashed /assets/ URLs", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toStartWith("<!doctype html>");
    expect(body).toContain('<html lang="vi">');
    expect([...body.matchAll(/<script /g)].length).toBe(1);
    // The icon sprite is in the page itself, so every <use href="#name"> finds its symbol.
    for (const [, id] of body.matchAll(/<use href="#([a-z-]+)">/g)) expect(body).toContain(`<symbol id="${id}"`);
    expect(body).toContain('<symbol id="send"');
    expect([...body.matchAll(/<link rel="stylesheet"/g)].length).toBe(1);
    const js = /<script src="(\/assets\/page\.[a-z0-9]+\.js)" defer>/.exec(body)![1]!;
    const script = await (await request(js)).text();
    // htmx, its SSE extension, marked, DOMPurify and Alpine are inside, Alpine last so it starts last.
    for (const lib of ["var htmx=", "hx-sse:connect", "DOMPurify", "Marked", "Alpine"]) expect(script).toContain(lib);
    expect(script.lastIndexOf("alpine:init")).toBeGreaterThan(script.indexOf("hx-sse:connect"));
    // The @font-face rules lead the one stylesheet, generated from the hashed font URLs.
    const sheet = /<link rel="stylesheet" href="(\/assets\/page\.[a-z0-9]+\.css)">/.exec(body)![1]!;
    const css = await request(sheet);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const text = await css.text();
    expect(text).toStartWith("@font-face{");
    expect(text).toMatch(/url\(\/assets\/inter-vietnamese-400\.[a-z0-9]+\.woff2\)/);
    expect(text).toContain("@media (prefers-color-scheme:dark)");
  });

  test("assets are immutable, gzipped over 1 KB when accepted, and unknown names are 404 JSON", async () => {
    const page = await (await request("/")).text();
    const htmx = /\/assets\/page\.[a-z0-9]+\.js/.exec(page)![0];
    const zipped = await request(htmx, { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const plain = await request(htmx);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(10_000);
    const fonts = await (await request(/\/assets\/page\.[a-z0-9]+\.css/.exec(page)![0])).text();
    const font = /\/assets\/inter-vietnamese-400\.[a-z0-9]+\.woff2/.exec(fonts)![0];
    const woff = await request(font, { headers: { "accept-encoding": "gzip" } });
    expect(woff.headers.get("content-type")).toBe("font/woff2");
    expect(woff.headers.get("content-encoding")).toBeNull();
    const missing = await request("/assets/page.0000000000.js");
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBeString();
  });

  test("pages over 1 KB are gzipped; small JSON is not", async () => {
    const page = await request("/", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await page.arrayBuffer())));
    expect(html).toContain("<!doctype html>");
    const health = await request("/api/health", { headers: { "accept-encoding": "gzip" } });
    expect(health.headers.get("content-encoding")).toBeNull();
  });

  test("unknown paths and thrown errors are JSON {detail} without a stack", async () => {
    const fresh = await testApp();
    fresh.app.get("/api/boom", () => {
      throw new Error("secret internals at /src/x.ts:12");
    });
    const missing = await fresh.request("/api/nope");
    expect(missing.status).toBe(404);
    expect(Object.keys(await missing.json())).toEqual(["detail"]);
    const boom = await fresh.request("/api/boom");
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(text).not.toContain("internals");
    expect(JSON.parse(text).detail.length).toBeGreaterThan(10);
    expect(fresh.logs.join("\n")).toContain("secret internals");
  });

});
