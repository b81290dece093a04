// Security headers on every response (issue 9): pages, fragments, the API, assets, refusals and
// errors carry the page CSP, X-Frame-Options DENY, nosniff and a same-origin referrer policy; a route
// with its own policy (workspace files: `sandbox`) keeps it; PDFs are left to the browser's viewer.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PAGE_CSP } from "../../src/server/security-headers.ts";
import { errorPage } from "../../views/error-page.ts";
import { loginPage } from "../../views/login-page.ts";
import { testApp } from "../helpers/app.ts";

const directives = (csp: string) => new Map(csp.split(/;\s*/).map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("security headers", async () => {
  const t = await testApp();
  const ws = t.runtime.crew().get("default")!.workspace;
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, "pic.png"), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(ws, "doc.pdf"), "%PDF-1.4");
  const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;

  test("the page policy: scripts and styles from this origin only, no plugins, no <base>, no framing", () => {
    const d = directives(PAGE_CSP);
    expect(d.get("default-src")).toEqual(["'self'"]);
    expect(d.get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(d.get("style-src")![0]).toBe("'self'");
    expect(PAGE_CSP).not.toContain("unsafe-inline");
    expect(d.get("img-src")).toEqual(["'self'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  });

  test("pages, fragments, API answers, assets, refusals and not-found answers all carry them", async () => {
    const css = t.assets.url("page.css");
    const paths = ["/", `/c/${conv}`, `/c/${conv}/header`, "/manage/activity", "/api/health", css, "/no-such-page"];
    for (const path of paths) {
      const r = await t.request(path);
      const csp = r.headers.get("content-security-policy");
      expect({ path, status: r.status < 500, csp }).toEqual({ path, status: true, csp: PAGE_CSP });
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("referrer-policy")).toBe("same-origin");
    }
    const fenced = await t.request("/", { headers: { host: "evil.example" } });
    expect(fenced.status).toBe(403);
    expect(fenced.headers.get("content-security-policy")).toBe(PAGE_CSP);
  });

  test("a page has no inline script, style or handler for the policy to refuse", async () => {
    const page = await (await t.request(`/c/${conv}`)).text();
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page).not.toContain("<style");
    expect(page).not.toMatch(/\son[a-z]+=/);
    expect(page).not.toMatch(/\sstyle=/);
  });

  test("workspace files keep their own sandbox policy; PDFs get none, for the browser's viewer", async () => {
    const pic = await t.request("/api/agents/default/files?path=pic.png");
    expect(pic.headers.get("content-security-policy")).toBe("sandbox");
    expect(pic.headers.get("x-frame-options")).toBe("DENY");
    const pdf = await t.request("/api/agents/default/files?path=doc.pdf");
    expect(pdf.headers.get("content-security-policy")).toBeNull();
  });

  test("the login page's and the error page's inline styles are allowed by their hashes, nothing else", async () => {
    const hashOf = async (page: unknown) => {
      const style = /<style>([^<]*)<\/style>/.exec((await page)!.toString())![1]!;
      return `'sha256-${createHash("sha256").update(style).digest("base64")}'`;
    };
    const login = await hashOf(loginPage(null));
    const error = await hashOf(errorPage(404, "x"));
    expect(directives(PAGE_CSP).get("style-src")).toEqual(["'self'", login, error]);
  });
});
