// What fetch_url does with a body: read it as HTML or text, hand it to pdf_read/image_read through the
// inbox, or refuse it. The Content-Type decides; a missing or generic one is settled by the first bytes.

export type Kind =
  | { kind: "html" }
  | { kind: "text" }
  | { kind: "pdf"; ext: "pdf" }
  | { kind: "image"; ext: string }
  | { kind: "binary"; type: string };

const IMAGE_EXT: Record<string, string> = {
  "image/png": "png", "image/jpeg": "jpg", "image/jpg": "jpg", "image/gif": "gif", "image/webp": "webp",
  "image/bmp": "bmp", "image/avif": "avif", "image/tiff": "tif", "image/heic": "heic", "image/x-icon": "ico",
};

const TEXT_APPS = ["application/json", "application/xml", "application/javascript", "application/x-ndjson",
  "application/ld+json", "application/rss+xml", "application/atom+xml", "application/yaml", "application/x-yaml",
  "application/toml", "application/csv"];

export function kindOf(contentType: string, body: Uint8Array): Kind {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return { kind: "html" };
  if (type === "application/pdf") return { kind: "pdf", ext: "pdf" };
  if (type === "image/svg+xml") return { kind: "text" };
  if (type.startsWith("image/")) return { kind: "image", ext: IMAGE_EXT[type] ?? sniffImage(body) ?? "img" };
  if (type.startsWith("text/") || TEXT_APPS.includes(type) || /\+(json|xml)$/.test(type)) return { kind: "text" };
  if (type === "" || type === "application/octet-stream" || type === "binary/octet-stream") return sniff(body, type);
  return { kind: "binary", type };
}

function sniff(body: Uint8Array, type: string): Kind {
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: "pdf", ext: "pdf" };
  const image = sniffImage(body);
  if (image) return { kind: "image", ext: image };
  const head = body.subarray(0, 8192);
  if (head.includes(0)) return { kind: "binary", type: type || "unknown" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, lastWhole(head)));
    return /^\s*(<!doctype html|<html)/i.test(text) ? { kind: "html" } : { kind: "text" };
  } catch {
    return { kind: "binary", type: type || "unknown" };
  }
}

function sniffImage(body: Uint8Array): string | null {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47])) return "png";
  if (startsWith(body, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(body, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(body, [0x52, 0x49, 0x46, 0x46]) && startsWith(body.subarray(8), [0x57, 0x45, 0x42, 0x50])) {
    return "webp";
  }
  return null;
}

function startsWith(body: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => body[i] === b);
}

/** The end of the last complete UTF-8 sequence, so a cut multi-byte character is not read as an error. */
function lastWhole(bytes: Uint8Array): number {
  let i = bytes.length;
  for (let back = 0; back < 3 && i > 0 && (bytes[i - 1]! & 0xc0) === 0x80; back++) i--;
  if (i > 0 && bytes[i - 1]! >= 0xc0) return i - 1;
  return bytes.length;
}

/** The body as text, in the charset the Content-Type names (UTF-8 when none or unknown). */
export function decodeText(contentType: string, body: Uint8Array): string {
  const charset = /charset="?([^";\s]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
