// Opening a PDF with unpdf (pdf.js built for serverless runtimes: pure JavaScript, embedded by
// `bun build --compile`) and reading one page: its text layer, or, when it has none, its scanned image(s)
// through the vision reader. Every failure is a sentence the model can act on.
import type { getDocumentProxy } from "unpdf";
import type { VisionReader } from "../agent/vision.ts";
import { pageImages } from "./pdf-images.ts";
import { encodePng, fitWithin } from "./png.ts";

export type PdfDoc = Awaited<ReturnType<typeof getDocumentProxy>>;

/** A scan is shrunk to this many pixels on its longer side before a vision model reads it. */
const SCAN_MAX_SIDE = 2000;
/** Images of one page sent to the vision model at most (a page is usually one scan). */
const SCAN_MAX_IMAGES = 4;

export async function openPdf(bytes: Uint8Array, shown: string): Promise<PdfDoc> {
  if (!isPdf(bytes)) throw new Error(`${shown} is not a PDF: it does not start with the %PDF- header.`);
  try {
    // pdf.js is loaded on first use, not at start: most servers never read a PDF.
    const { getDocumentProxy: open } = await import("unpdf");
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given.
    return await open(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false });
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === "PasswordException") {
      throw new Error(`${shown} is password-protected; it cannot be read without the password. Ask the owner for ` +
          `an unprotected copy.`);
    }
    if (name === "InvalidPDFException") {
      throw new Error(`${shown} is damaged: its PDF structure cannot be read. Ask for the file again.`);
    }
    throw new Error(`${shown} could not be opened as a PDF: ${(e as Error)?.message ?? String(e)}`);
  }
}

/** The header may follow a little junk (some generators prepend bytes); pdf.js looks in the first 1 KB. */
function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

type Item = { str?: string; hasEOL?: boolean };

/** The page's text layer, lines kept; "" when it has none (a scan). */
export async function pageText(pdf: PdfDoc, n: number): Promise<string> {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const text = (content.items as Item[]).map((i) => (i.str ?? "") + (i.hasEOL ? "\n" : "")).join("");
  return text.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}

export type ScanReading =
  | { kind: "read"; text: string }
  | { kind: "none" }
  | { kind: "undecodable"; error: string }
  | { kind: "failed"; error: string };

/** A page without text: its images as PNG, transcribed by the vision model (a metered completion). */
export async function readScannedPage(
  pdf: PdfDoc,
  n: number,
  shown: string,
  vision: VisionReader,
  signal: AbortSignal,
): Promise<ScanReading> {
  let images: Awaited<ReturnType<typeof pageImages>>;
  try {
    images = await pageImages((await pdf.getPage(n)) as never, SCAN_MAX_IMAGES);
  } catch (e) {
    return { kind: "undecodable", error: (e as Error)?.message ?? String(e) };
  }
  if (images.length === 0) return { kind: "none" };
  const parts = images.map((img) => ({ mime: "image/png", data: encodePng(fitWithin(img, SCAN_MAX_SIDE))
    .toString("base64") }));
  const question = `This is page ${n} of the scanned document ${shown}. Transcribe all of its text exactly, in ` +
    `reading order, keeping headings, lists and tables. Describe any picture or chart briefly in [brackets].`;
  const answer = await vision({ purpose: "pdf_page", question, images: parts, signal });
  return answer.ok ? { kind: "read", text: answer.text } : { kind: "failed", error: answer.error };
}
