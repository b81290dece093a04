// A minimal PNG encoder (8-bit grey, RGB or RGBA, no filtering, zlib from node:zlib) for the images pdf.js
// decodes out of scanned PDF pages: vision models take PNG, and the binary carries no image library.
import { crc32, deflateSync } from "node:zlib";

export type RawImage = { width: number; height: number; channels: 1 | 3 | 4; data: Uint8Array | Uint8ClampedArray };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;

export function encodePng(img: RawImage): Buffer {
  const stride = img.width * img.channels;
  const rows = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    // Each row starts with its filter type: 0, none.
    rows.set(img.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(img.width, 0);
  header.writeUInt32BE(img.height, 4);
  header.set([8, COLOR_TYPE[img.channels], 0, 0, 0], 8);
  const idat = chunk("IDAT", deflateSync(rows));
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), idat, chunk("IEND", Buffer.alloc(0))]);
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

/** Keeps every n-th pixel so the longer side fits `maxSide`: a page scan at 300 dpi shrinks to what models read. */
export function fitWithin(img: RawImage, maxSide: number): RawImage {
  const step = Math.ceil(Math.max(img.width, img.height) / maxSide);
  if (step <= 1) return img;
  const width = Math.floor(img.width / step);
  const height = Math.floor(img.height / step);
  const c = img.channels;
  const data = new Uint8Array(width * height * c);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * step * img.width + x * step) * c;
      data.set(img.data.subarray(from, from + c), (y * width + x) * c);
    }
  }
  return { width, height, channels: c, data };
}
