import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { testApp } from "../helpers/app.ts";

describe("GET /api/agents/{id}/files", async () => {
  const t = await testApp();
  const ws = t.runtime.crew().get("default")!.workspace;
  writeFileSync(join(ws, "pic.png"), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(ws, "page.html"), "<script>alert(1)</script>");
  writeFileSync(join(ws, "doc.pdf"), "%PDF-1.4");
  writeFileSync(join(ws, "notes.txt"), "ghi chú");
  mkdirSync(join(ws, "sub"), { recursive: true });
  symlinkSync("/etc", join(ws, "sub", "etc"));
  const get = (path: string, agent = "default") => t.request(`/api/agents/${agent}/files?path=${encodeURIComponent(path)}`);

  test("raster images and text are inline with a CSP sandbox, nosniff and CORP same-origin", async () => {
    for (const [path, type] of [["pic.png", "image/png"], ["notes.txt", "text/plain; charset=utf-8"]]) {
      const r = await get(path!);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe(type!);
      expect(r.headers.get("content-security-policy")).toBe("sandbox");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(r.headers.get("content-disposition")).toBeNull();
    }
  });

  test("HTML and other kinds are downloads, never rendered; PDF is inline without the sandbox", async () => {
    const html = await get("page.html");
    expect(html.headers.get("content-type")).toBe("application/octet-stream");
    expect(html.headers.get("content-disposition")).toStartWith("attachment;");
    expect(html.headers.get("content-security-policy")).toBe("sandbox");
    const pdf = await get("doc.pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-security-policy")).toBeNull();
  });

  test("paths outside the workspace (.., absolute, symlinks) are refused; unknown agent and file 404", async () => {
    for (const path of ["../secret", "/etc/passwd", "sub/etc/passwd"]) expect((await get(path)).status).toBe(403);
    expect((await get("missing.png")).status).toBe(404);
    expect((await get("pic.png", "ghost")).status).toBe(404);
    expect((await t.request("/api/agents/default/files")).status).toBe(422);
  });
});
