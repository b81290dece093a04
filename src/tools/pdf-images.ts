// The images a PDF page paints, decoded by pdf.js (unpdf) into raw pixels: what a scanned page (no text
// layer) is made of. Unlike unpdf's extractImages, 1-bit scans and stencil masks (the usual fax/CCITT kinds)
// are kept too.
import type { RawImage } from "./png.ts";

/** The page object as pdf.js gives it; only what this file reads. */
type PdfPage = {
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[][] }>;
  objs: { get(key: string, done: (obj: unknown) => void): void };
  commonObjs: { get(key: string, done: (obj: unknown) => void): void };
};

type DecodedImage = { width?: number; height?: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

/** pdf.js ImageKind values. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

export async function pageImages(page: PdfPage, max: number): Promise<RawImage[]> {
  const { OPS } = await (await import("unpdf")).getResolvedPDFJS();
  const ops = await page.getOperatorList();
  const out: RawImage[] = [];
  for (let i = 0; i < ops.fnArray.length && out.length < max; i++) {
    const fn = ops.fnArray[i];
    let decoded: unknown;
    if (fn === OPS.paintImageXObject) {
      const key = String(ops.argsArray[i]![0]);
      const store = key.startsWith("g_") ? page.commonObjs : page.objs;
      decoded = await new Promise((resolve) => store.get(key, resolve));
    } else if (fn === OPS.paintInlineImageXObject) {
      decoded = ops.argsArray[i]![0];
    } else if (fn === OPS.paintImageMaskXObject) {
      decoded = await stencil(page, ops.argsArray[i]![0] as MaskArg | undefined);
    } else continue;
    const raw = toRaw(decoded as DecodedImage);
    if (raw) out.push(raw);
  }
  return out;
}

/** A stencil mask (/ImageMask, how many scanners store text) is one bit per pixel, 1 = not painted: read
 * as a one-bit grey image, the paint taken as black. pdf.js keeps its bits in the page's objects. */
type MaskArg = { width?: number; height?: number; data?: unknown };

async function stencil(page: PdfPage, arg: MaskArg | undefined): Promise<DecodedImage | null> {
  const key = arg?.data;
  const held = typeof key === "string" ? await new Promise<unknown>((resolve) => page.objs.get(key, resolve)) : arg;
  const bits = (held as { data?: unknown } | null)?.data;
  if (!(bits instanceof Uint8Array || bits instanceof Uint8ClampedArray)) return null;
  return { width: arg?.width, height: arg?.height, kind: GRAYSCALE_1BPP, data: bits };
}

function toRaw(img: DecodedImage | null): RawImage | null {
  const { width, height, data, kind } = img ?? {};
  if (!width || !height || !data) return null;
  if (kind === RGB_24BPP && data.length >= width * height * 3) return { width, height, channels: 3, data };
  if (kind === RGBA_32BPP && data.length >= width * height * 4) return { width, height, channels: 4, data };
  if (kind !== GRAYSCALE_1BPP) return null;
  // One bit per pixel, rows padded to whole bytes; pdf.js has already applied the decode array (1 = white).
  const rowBytes = Math.ceil(width / 8);
  if (data.length < rowBytes * height) return null;
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      grey[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  }
  return { width, height, channels: 1, data: grey };
}
