// fetch_url end to end against local servers: 127.0.0.1 is let through only by the test seam, so every
// other loopback or private address stays refused, and the counters prove nothing connected to it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { gate } from "../../../src/agent/gate.ts";
import { readFetchedPage } from "../../../src/models/web-results.ts";
import { FETCH_TEXT_MAX_CHARS, fetchUrl } from "../../../src/tools/fetch-url.ts";
import { fenceTestSeam } from "../../../src/tools/net/safe-fetch.ts";
import { args, context, failure, refusal, run, tempDir } from "./helpers.ts";
import { endless, fixture, type Local, PDF_BYTES, PNG_BYTES, serve } from "./web-servers.ts";

let site: Local;
let inner: Local;
let ws: string;

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
const typed = (body: BodyInit, type: string) => new Response(body, { headers: { "content-type": type } });
const redirect = (to: string) => new Response(null, { status: 302, headers: { location: to } });

beforeAll(() => {
  inner = serve("127.0.0.2", () => new Response("secret admin page"));
  site = serve("127.0.0.1", (_req, url) => {
    const p = url.pathname;
    if (p === "/article") return html(fixture("news-article.html"));
    if (p === "/notes.txt") return typed("line one\nline two\n", "text/plain; charset=utf-8");
    if (p === "/data") return typed('{"ok":true,"items":[1,2]}', "application/json");
    if (p.startsWith("/hop/")) {
      const n = Number(p.slice(5));
      return n === 0 ? typed("arrived", "text/plain") : redirect(`/hop/${n - 1}`);
    }
    if (p === "/loop") return redirect("/loop");
    if (p === "/to-private") return redirect("http://10.0.0.1/admin");
    if (p === "/to-inner") return redirect(inner.url("/admin"));
    if (p === "/to-file") return redirect("file:///etc/passwd");
    if (p === "/huge") return typed(endless(), "text/plain");
    if (p === "/reports/Q3%20report.pdf") return typed(PDF_BYTES, "application/pdf");
    if (p === "/huge.pdf") return typed(endless(), "application/pdf");
    if (p === "/photo") return typed(PNG_BYTES, "image/png");
    if (p === "/archive.zip") return typed(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), "application/zip");
    if (p === "/missing") return html("<title>Not found</title><p>No such page.</p>", 404);
    return new Response("?", { status: 500 });
  });
});
afterAll(() => {
  site.stop();
  inner.stop();
});
beforeEach(() => {
  ws = tempDir("mc-fetch-");
  fenceTestSeam.allowHosts = ["127.0.0.1"];
});
afterEach(() => {
  delete fenceTestSeam.allowHosts;
  site.hits.length = 0;
  inner.hits.length = 0;
});

describe("fetch_url", () => {
  test("is a replay-safe read that asks nobody, summarised by its URL", () => {
    expect(fetchUrl.replaySafe).toBe(true);
    expect(fetchUrl.requiresApproval).toBe(false);
    expect(fetchUrl.summarize?.({ url: "https://example.com/a" } as never)).toBe("https://example.com/a");
  });

  test("an HTML page comes back as Markdown of its main content, links absolute", async () => {
    const out = await run(fetchUrl, { url: site.url("/article") }, context(ws));
    expect(out.startsWith(`Source: ${site.url("/article")}\n\n# Harbour city opens its first floating solar farm`))
      .toBe(true);
    expect(out).toContain("[local wildlife trust](http://127.0.0.1:");
    expect(out).not.toContain("We use cookies");
    expect(out).not.toContain("<script");
    // The chat's compact card reads exactly this shape (src/models/web-results.ts).
    expect(readFetchedPage(out)).toMatchObject({ title: "Harbour city opens its first floating solar farm",
      url: site.url("/article") });
  });

  test("plain text and JSON come back as they are", async () => {
    expect(await run(fetchUrl, { url: site.url("/notes.txt") }, context(ws))).toBe(
      `Source: ${site.url("/notes.txt")}\n\nline one\nline two\n`,
    );
    expect(await run(fetchUrl, { url: site.url("/data") }, context(ws))).toContain('{"ok":true,"items":[1,2]}');
  });

  test("an error status is shown with the page", async () => {
    const out = await run(fetchUrl, { url: site.url("/missing") }, context(ws));
    expect(out).toBe(`Source: ${site.url("/missing")}\nThe server answered HTTP 404.\n\n# Not found\n\nNo such page.`);
  });

  test("follows 5 redirects and names where it came from; the 6th is refused as a likely loop", async () => {
    const out = await run(fetchUrl, { url: site.url("/hop/5") }, context(ws));
    expect(out).toBe(`Source: ${site.url("/hop/0")} (redirected from ${site.url("/hop/5")})\n\narrived`);
    expect(await failure(fetchUrl, { url: site.url("/hop/6") }, context(ws))).toMatch(
      /redirected more than 5 times \(last to \/hop\/0\); it may be a redirect loop/,
    );
    expect(await failure(fetchUrl, { url: site.url("/loop") }, context(ws))).toMatch(/redirected more than 5 times/);
    expect(site.hits.filter((h) => h.startsWith("/loop")).length).toBe(6);
  });

  test("a redirect from the allowed host to a private address is refused at the hop, unconnected", async () => {
    const toInner = await failure(fetchUrl, { url: site.url("/to-inner") }, context(ws));
    expect(toInner).toContain(`${site.url("/to-inner")} redirected to ${inner.url("/admin")}. Refused:`);
    expect(toInner).toContain("leads to 127.0.0.2, a loopback address");
    expect(inner.hits).toEqual([]);
    const toPrivate = await failure(fetchUrl, { url: site.url("/to-private") }, context(ws));
    expect(toPrivate).toContain("leads to 10.0.0.1, a private network address");
    expect(await failure(fetchUrl, { url: site.url("/to-file") }, context(ws))).toContain(
      "fetch_url only reads http and https addresses, not file",
    );
  });

  test("a body that never ends is cut at 5 MB, its text at 100,000 characters, and both say so", async () => {
    const out = await run(fetchUrl, { url: site.url("/huge") }, context(ws));
    expect(out).toContain("[The body was larger than 5 MB; only its first 5 MB were read.]\n[The text is " +
      "5,242,880 characters; the first 100,000 follow.]\n\naaaa");
    expect(out.length).toBeLessThan(FETCH_TEXT_MAX_CHARS + 500);
  });

  test("a PDF is saved to inbox/ with a dated safe name and the result points to pdf_read", async () => {
    const out = await run(fetchUrl, { url: site.url("/reports/Q3%20report.pdf") }, context(ws));
    const m = /to (inbox\/\d{8}-\d{6}-Q3-report\.pdf) \(\d+ bytes\)\. Read it with pdf_read on path "\1"\./.exec(out);
    expect(m).not.toBeNull();
    expect(new Uint8Array(readFileSync(join(ws, m![1]!)))).toEqual(PDF_BYTES);
  });

  test("an image is saved to inbox/ and the result points to image_read; a second one does not overwrite", async () => {
    const first = await run(fetchUrl, { url: site.url("/photo") }, context(ws));
    const second = await run(fetchUrl, { url: site.url("/photo") }, context(ws));
    expect(first).toMatch(/to inbox\/\d{8}-\d{6}-photo\.png \(14 bytes\)\. Look at it with image_read on path/);
    expect(readdirSync(join(ws, "inbox")).length).toBe(2);
    expect(second).not.toBe(first);
  });

  test("a PDF over 5 MB, other binaries and an inbox that leads outside are refused; nothing is written", async () => {
    const hugePdf = await failure(fetchUrl, { url: site.url("/huge.pdf") }, context(ws));
    expect(hugePdf).toMatch(/larger than 5 MB.*nothing was saved/);
    expect(await failure(fetchUrl, { url: site.url("/archive.zip") }, context(ws))).toMatch(
      /is a application\/zip file, which fetch_url cannot read/,
    );
    expect(existsSync(join(ws, "inbox")) ? readdirSync(join(ws, "inbox")) : []).toEqual([]);
    const elsewhere = tempDir("mc-elsewhere-");
    symlinkSync(elsewhere, join(ws, "inbox"));
    expect(await failure(fetchUrl, { url: site.url("/photo") }, context(ws))).toMatch(/outside the workspace/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  test("without the test seam loopback is a hard refusal no approval overrides, never fetched", async () => {
    delete fenceTestSeam.allowHosts;
    const url = site.url("/article");
    const why = await refusal(fetchUrl, { url }, context(ws));
    expect(why).toContain(`Refused: ${url} leads to 127.0.0.1, a loopback address (this machine).`);
    const decision = await gate(fetchUrl, args(fetchUrl, { url }), context(ws), {
      autonomous: true,
      autoApprove: ["fetch_url"],
    });
    expect(decision).toEqual({ action: "refuse", reason: why! });
    expect(await failure(fetchUrl, { url }, context(ws))).toBe(why!);
    fenceTestSeam.resolve = async () => ["93.184.215.14", "192.168.1.20"];
    try {
      expect(await refusal(fetchUrl, { url: "http://printer.example/" }, context(ws))).toContain(
        "leads to 192.168.1.20, a private network address (printer.example points to 192.168.1.20)",
      );
    } finally {
      delete fenceTestSeam.resolve;
    }
    expect(site.hits).toEqual([]);
  });
});
