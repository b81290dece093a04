// pdf_read (H-15): the text of a PDF in the workspace, page by page, from its text layer (unpdf / pdf.js).
// A page without text (a scan) is read by the agent's vision_routes as a completion charged to the
// conversation. Capped per call in pages, scanned pages and characters; the result says how to go on.
import { z } from "zod";
import { defineTool, type ToolContext } from "./define.ts";
import { NO_VISION_ROUTE, readBinaryFile } from "./media-files.ts";
import { mustResolve, refusePath } from "./paths.ts";
import type { PdfDoc } from "./pdf-document.ts";
import { pageCount, pageList, PAGES_PATTERN, selectPages } from "./pdf-pages.ts";

export const PDF_MAX_BYTES = 50 * 1024 * 1024;
export const PDF_MAX_PAGES = 30;
/** Each scanned page is a paid model call: a few per call, the rest on request. */
export const PDF_MAX_SCANNED = 5;
/** Under the default tool_output_chars (12,000), so the model sees the text itself, not a summary. */
export const PDF_MAX_CHARS = 10_000;

const params = z.object({
  path: z.string().min(1).describe('Path of the PDF, relative to the workspace root (for example "inbox/bill.pdf").'),
  pages: z
    .string()
    .regex(PAGES_PATTERN, { error: 'write pages as numbers and ranges, like "1-3,5"' })
    .optional()
    .describe(`Which pages to read, like "1-3,5" (default: all, at most ${PDF_MAX_PAGES} per call).`),
});

export const pdfRead = defineTool({
  name: "pdf_read",
  description:
    "Read the text of a PDF file in your workspace, page by page. Scanned pages (no text layer) are read by a " +
        "vision model. Long documents come in parts: the result says which pages to ask for next.",
  params,
  requiresApproval: false,
  replaySafe: true,
  refuse: (args, ctx) => refusePath(ctx, args.path),
  summarize: (args) => (args.pages ? `${args.path} (pages ${args.pages})` : args.path),
  async execute(args, ctx) {
    const bytes = readBinaryFile(mustResolve(ctx, args.path), args.path, PDF_MAX_BYTES);
    const pdf = await (await pdfDocument()).openPdf(bytes, args.path);
    try {
      const selected = selectPages(args.pages, pdf.numPages);
      if (typeof selected === "string") throw new Error(selected);
      return await readPages(pdf, selected, args.path, ctx);
    } finally {
      await pdf.loadingTask.destroy();
    }
  },
});

async function readPages(pdf: PdfDoc, selected: number[], shown: string, ctx: ToolContext): Promise<string> {
  const pages = selected.slice(0, PDF_MAX_PAGES);
  const blocks: string[] = [];
  const notes: string[] = [];
  const later: number[] = [];
  const scans = { read: 0, unread: false };
  let chars = 0;
  for (const [i, n] of pages.entries()) {
    if (ctx.signal.aborted) throw new Error("stopped");
    const block = await pageBlock(pdf, n, shown, ctx, scans);
    if (block === null) {
      later.push(n);
      continue;
    }
    if (blocks.length > 0 && chars + block.length > PDF_MAX_CHARS) {
      notes.push(`[Stopped before page ${n} to keep the result short. Call pdf_read with ` +
          `pages="${pageList(pages.slice(i))}" to continue.]`);
      break;
    }
    blocks.push(block.length > PDF_MAX_CHARS ? `${block.slice(0, PDF_MAX_CHARS)}… [page cut]` : block);
    chars += block.length;
  }
  if (later.length > 0) {
    notes.push(`[Pages ${pageList(later)} have no text layer and were not read (at most ${PDF_MAX_SCANNED} ` +
        `scanned pages per call). Call pdf_read with pages="${pageList(later)}" to read them.]`);
  }
  if (selected.length > pages.length) {
    notes.push(`[At most ${PDF_MAX_PAGES} pages per call: pages ${pageList(selected.slice(PDF_MAX_PAGES))} were ` +
        `not read. Call pdf_read with those pages to continue.]`);
  }
  if (scans.unread) notes.push(NO_VISION_ROUTE);
  return [`${shown}: ${pageCount(pdf.numPages)}.`, ...blocks, ...notes].join("\n\n");
}

/** One page as the model reads it; null when it is a scan left for a later call (the cap is reached). */
async function pageBlock(
  pdf: PdfDoc,
  n: number,
  shown: string,
  ctx: ToolContext,
  scans: { read: number; unread: boolean },
): Promise<string | null> {
  let text: string;
  try {
    text = await (await pdfDocument()).pageText(pdf, n);
  } catch (e) {
    return `--- page ${n} (damaged, could not be read: ${(e as Error)?.message ?? String(e)}) ---`;
  }
  if (text) return `--- page ${n} ---\n${text}`;
  if (!ctx.vision) {
    scans.unread = true;
    return `--- page ${n} (no text layer: a scan or an image) ---`;
  }
  if (scans.read >= PDF_MAX_SCANNED) return null;
  scans.read++;
  const r = await (await pdfDocument()).readScannedPage(pdf, n, shown, ctx.vision, ctx.signal);
  if (r.kind === "read") return `--- page ${n} (scanned; read by a vision model) ---\n${r.text}`;
  if (r.kind === "none") return `--- page ${n} (no text, and no image this reader can decode) ---`;
  if (r.kind === "undecodable") return `--- page ${n} (scanned; its image could not be decoded: ${r.error}) ---`;
  return `--- page ${n} (scanned; the vision model failed: ${r.error}) ---`;
}

/** pdf.js, the image decoding and node:zlib load on the first PDF read, not at start. */
const pdfDocument = () => import("./pdf-document.ts");
