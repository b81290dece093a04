// What kind of image a file really is, from its first bytes (never from its name): the formats vision
// models accept. Anything else is not an image for image_read.
const SIGNATURES: { mime: string; test: (b: Uint8Array) => boolean }[] = [
  { mime: "image/png", test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: "image/jpeg", test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { mime: "image/gif", test: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { mime: "image/webp", test: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
];

/** The MIME type the bytes carry, or null when they are none of PNG, JPEG, GIF, WebP. */
export function imageMime(bytes: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.mime ?? null;
}

function starts(b: Uint8Array, sig: number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

function ascii(b: Uint8Array, at: number, text: string): boolean {
  return starts(b.subarray(at), [...text].map((c) => c.charCodeAt(0)));
}
