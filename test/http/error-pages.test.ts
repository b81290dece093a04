// Errors in two shapes (issue 9): a browser loading a page gets the HTML error page in the app's style;
// API clients, curl and htmx fragment requests keep getting `{detail}` JSON.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

describe("error pages", () => {
  test("a browser opening an unknown path gets a 404 HTML page with a way home", async () => {
    const t = await testApp();
    const res = await t.request("/khong-co", { headers: BROWSER });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    const body = await res.text();
    expect(body).toStartWith("<!doctype html>");
    expect(body).toContain(T.notFound);
    expect(body).toContain('href="/"');
  });

  test("curl and API clients still get JSON for the same 404", async () => {
    const t = await testApp();
    for (const accept of ["*/*", "application/json"]) {
      const res = await t.request("/api/khong-co", { headers: { accept } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: T.notFound });
    }
  });

  test("an htmx request gets JSON even though it accepts HTML (its handler reads detail)", async () => {
    const t = await testApp();
    const res = await t.request("/khong-co", { headers: { ...BROWSER, "hx-request": "true" } });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBe(T.notFound);
  });

  test("the fence's 403 is a page for a browser, naming the host escaped, and JSON for curl", async () => {
    const t = await testApp();
    const page = await t.request("/", { headers: { ...BROWSER, host: "evil<b>x</b>.example" } });
    expect(page.status).toBe(403);
    const body = await page.text();
    expect(body).toContain("evil&lt;b&gt;x&lt;/b&gt;.example");
    expect(body).not.toContain("<b>x</b>");
    const api = await t.request("/api/health", { headers: { host: "rebind.example" } });
    expect(api.status).toBe(403);
    expect((await api.json()).detail).toBe(T.fenceHost("rebind.example"));
  });

  test("a cross-site Origin is refused with a page for a browser form post", async () => {
    const t = await testApp();
    const res = await t.request("/ui/conversations", { method: "POST", headers: { ...BROWSER, origin: "http://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(Bun.escapeHTML(T.fenceOrigin("http://evil.example")));
    expect(t.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
  });
});
