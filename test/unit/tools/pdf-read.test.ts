// pdf_read (H-15) on the fixtures of test/fixtures/pdf (made by make-fixtures.ts): the text layer page by page,
// scanned pages read by the vision route (the scripted fake) as charged completions, page selection,
// caps, and the files it must refuse with a sentence: not a PDF, password-protected, damaged.
import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { join } from "node:path";
import { visionReader } from "../../../src/agent/vision.ts";
import { scriptedProvider, type ScriptedReply } from "../../../src/llm/fake.ts";
import type { LedgerRow } from "../../../src/llm/metered.ts";
import { PDF_MAX_CHARS, PDF_MAX_PAGES, PDF_MAX_SCANNED, pdfRead } from "../../../src/tools/pdf-read.ts";
import { scansPdf, stencilPdf, textPdf } from "../../fixtures/pdf/make-fixtures.ts";
import { context, failure, put, run, tempDir } from "./helpers.ts";

const fixtures = join(import.meta.dir, "..", "..", "fixtures", "pdf");

function workspace() {
  const ws = tempDir("mc-pdf-");
  for (const f of ["text.pdf", "scanned.pdf", "locked.pdf", "damaged.pdf"]) {
    copyFileSync(join(fixtures, f), join(ws, f));
  }
  put(ws, { "notes.pdf": "just some text, not a PDF\n" });
  mkdirSync(join(ws, "inbox"));
  copyFileSync(join(fixtures, "text.pdf"), join(ws, "inbox", "bill.pdf"));
  return ws;
}

function withVision(plan: ScriptedReply[]) {
  const provider = scriptedProvider(plan, "vision");
  const rows: LedgerRow[] = [];
  const charges: (number | null)[] = [];
  const vision = visionReader([{ label: "vision:v1", provider, model: "v1" }], (r) => rows.push(r),
    (c) => charges.push(c));
  return { provider, rows, charges, vision };
}

/** The width and height a PNG declares, after checking its signature. */
function pngSize(base64: string): [number, number] {
  const png = Buffer.from(base64, "base64");
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe("pdf_read", () => {
  test("a text PDF comes back page by page from its text layer, with no model call", async () => {
    const v = withVision([]);
    const out = await run(pdfRead, { path: "text.pdf" }, context(workspace(), { vision: v.vision }));
    expect(out).toBe("text.pdf: 2 pages.\n\n--- page 1 ---\nQuarterly report: revenue grew 12 percent\n\n" +
      "--- page 2 ---\nSecond page mentions the river Mekong");
    expect(v.provider.requests.length).toBe(0);
    const inbox = await run(pdfRead, { path: "inbox/bill.pdf", pages: "2" }, context(workspace()));
    expect(inbox).toBe("inbox/bill.pdf: 2 pages.\n\n--- page 2 ---\nSecond page mentions the river Mekong");
  });

  test("scanned pages are sent to the vision route as PNG and charged as completions (purpose pdf_page)", async () => {
    const v = withVision([{ text: "INVOICE 42", usage: { costUsd: 0.002 } }, { text: "Signed: Lan" }]);
    const out = await run(pdfRead, { path: "scanned.pdf" }, context(workspace(), { vision: v.vision }));
    expect(out).toBe("scanned.pdf: 3 pages.\n\n--- page 1 ---\nCover page of the scan\n\n" +
      "--- page 2 (scanned; read by a vision model) ---\nINVOICE 42\n\n" +
      "--- page 3 (scanned; read by a vision model) ---\nSigned: Lan");
    const sent = v.provider.requests.map((r) => r.messages[0]!);
    expect(sent.map((m) => m.role === "user" && m.images?.map((i) => i.mime))).toEqual([["image/png"], ["image/png"]]);
    const images = sent.map((m) => (m.role === "user" ? m.images![0]!.data : ""));
    expect(images.map(pngSize)).toEqual([[16, 16], [20, 10]]);
    expect(sent[0]!.content).toContain("page 2 of the scanned document scanned.pdf");
    expect(v.rows.map((r) => [r.purpose, r.model])).toEqual([["pdf_page", "v1"], ["pdf_page", "v1"]]);
    expect(v.charges[0]).toBe(0.002);
    expect(v.charges.length).toBe(2);
  });

  test("the one-bit scan arrives as grey pixels: rows unpacked from padded bytes", async () => {
    const v = withVision([{ text: "ok" }]);
    await run(pdfRead, { path: "scanned.pdf", pages: "3" }, context(workspace(), { vision: v.vision }));
    const m = v.provider.requests[0]!.messages[0]!;
    const png = Buffer.from(m.role === "user" ? m.images![0]!.data : "", "base64");
    const idat = png.subarray(png.indexOf("IDAT") + 4, png.indexOf("IEND") - 8);
    const rows = inflateSync(idat);
    expect(rows.length).toBe(10 * 21);
    expect([...rows.subarray(1, 9)]).toEqual([0, 0, 0, 0, 255, 255, 255, 255]);
    expect([...rows.subarray(22, 26)]).toEqual([255, 255, 255, 255]);
  });

  test("a stencil-mask scan (/ImageMask) is read too: painted bits black, the rest white", async () => {
    const ws = workspace();
    writeFileSync(join(ws, "stencil.pdf"), stencilPdf());
    const v = withVision([{ text: "stencil text" }]);
    const out = await run(pdfRead, { path: "stencil.pdf" }, context(ws, { vision: v.vision }));
    expect(out).toContain("--- page 1 (scanned; read by a vision model) ---\nstencil text");
    const m = v.provider.requests[0]!.messages[0]!;
    const png = Buffer.from(m.role === "user" ? m.images![0]!.data : "", "base64");
    const rows = inflateSync(png.subarray(png.indexOf("IDAT") + 4, png.indexOf("IEND") - 8));
    expect([...rows.subarray(1, 9)]).toEqual([0, 0, 0, 0, 255, 255, 255, 255]);
  });

  test("a JPEG scan (DCTDecode, as phone scanner apps make) is decoded by pdf.js and sent as PNG", async () => {
    const ws = workspace();
    copyFileSync(join(fixtures, "jpeg-scan.pdf"), join(ws, "photo.pdf"));
    const v = withVision([{ text: "SCAN 7" }]);
    const out = await run(pdfRead, { path: "photo.pdf" }, context(ws, { vision: v.vision }));
    expect(out).toBe("photo.pdf: 1 page.\n\n--- page 1 (scanned; read by a vision model) ---\nSCAN 7");
    const m = v.provider.requests[0]!.messages[0]!;
    expect(pngSize(m.role === "user" ? m.images![0]!.data : "")).toEqual([120, 40]);
  });

  test("without a vision route a scanned page is named and the result says how to set vision_routes", async () => {
    const out = await run(pdfRead, { path: "scanned.pdf", pages: "2" }, context(workspace()));
    expect(out).toContain("--- page 2 (no text layer: a scan or an image) ---");
    expect(out).toContain("vision_routes");
  });

  test("a failing vision route is named on its page; the other pages still come back", async () => {
    const v = withVision([{ error: { message: "model overloaded" } }]);
    const out = await run(pdfRead, { path: "scanned.pdf", pages: "1-2" }, context(workspace(), { vision: v.vision }));
    expect(out).toContain("Cover page of the scan");
    expect(out).toContain("--- page 2 (scanned; the vision model failed: model overloaded) ---");
    expect(v.charges).toEqual([]);
  });

  test("pages select and order; a page past the end or a bad list is a sentence", async () => {
    const ws = workspace();
    const out = await run(pdfRead, { path: "text.pdf", pages: "2,1-1,2" }, context(ws));
    expect(out.indexOf("--- page 1 ---")).toBeLessThan(out.indexOf("--- page 2 ---"));
    expect(await failure(pdfRead, { path: "text.pdf", pages: "3" }, context(ws)))
      .toBe("page 3 does not exist: the document has 2 pages.");
    expect(await failure(pdfRead, { path: "text.pdf", pages: "2-1" }, context(ws))).toContain("not a valid range");
    expect(pdfRead.params.safeParse({ path: "text.pdf", pages: "one" }).success).toBe(false);
  });

  test("caps: characters, scanned pages and pages per call; the result says which pages to ask for next", async () => {
    const ws = workspace();
    const pages = ["a", "b", "c", "d", "e"].map((c) => Array(38).fill(c.repeat(80)).join("\n"));
    writeFileSync(join(ws, "long.pdf"), textPdf(pages));
    const long = await run(pdfRead, { path: "long.pdf" }, context(ws));
    expect(long.split("\n").filter((l) => l === "a".repeat(80)).length).toBe(38);
    expect(long).toContain("--- page 3 ---");
    expect(long).not.toContain("--- page 4 ---");
    expect(long).toEndWith('[Stopped before page 4 to keep the result short. Call pdf_read with pages="4-5" to ' +
      "continue.]");
    expect(long.length).toBeLessThan(PDF_MAX_CHARS + 300);
    writeFileSync(join(ws, "scans.pdf"), scansPdf(PDF_MAX_SCANNED + 2));
    const v = withVision(Array.from({ length: PDF_MAX_SCANNED }, (_, i) => ({ text: `scan ${i + 1}` })));
    const scans = await run(pdfRead, { path: "scans.pdf" }, context(ws, { vision: v.vision }));
    expect(v.provider.requests.length).toBe(PDF_MAX_SCANNED);
    expect(scans).toContain(`[Pages 6-7 have no text layer and were not read (at most ${PDF_MAX_SCANNED} scanned`);
    writeFileSync(join(ws, "many.pdf"), textPdf(Array.from({ length: PDF_MAX_PAGES + 2 }, (_, i) => `p${i + 1}`)));
    const many = await run(pdfRead, { path: "many.pdf" }, context(ws));
    expect(many).toContain(`--- page ${PDF_MAX_PAGES} ---`);
    expect(many).toEndWith(`pages 31-32 were not read. Call pdf_read with those pages to continue.]`);
  });

  test("not a PDF, password-protected, damaged, missing, outside the workspace: each a sentence", async () => {
    const ws = workspace();
    expect(await failure(pdfRead, { path: "notes.pdf" }, context(ws)))
      .toBe("notes.pdf is not a PDF: it does not start with the %PDF- header.");
    expect(await failure(pdfRead, { path: "locked.pdf" }, context(ws))).toStartWith("locked.pdf is password-protected");
    expect(await failure(pdfRead, { path: "damaged.pdf" }, context(ws))).toStartWith("damaged.pdf is damaged");
    expect(await failure(pdfRead, { path: "gone.pdf" }, context(ws))).toStartWith("No file at gone.pdf");
    expect(await pdfRead.refuse!({ path: "../x.pdf" } as never, context(ws))).toContain("outside the workspace");
    expect(pdfRead.requiresApproval).toBe(false);
    expect(pdfRead.replaySafe).toBe(true);
  });
});
