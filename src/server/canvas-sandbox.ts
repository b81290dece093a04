// What a canvas runs or shows outside the app's page (H-62, M-38, N-14): html and mermaid as a page in
// an opaque origin (CSP `sandbox allow-scripts`, no allow-same-origin) that reaches nothing but a few
// public CDNs for scripts, styles and fonts; svg and images as pictures under a bare `sandbox` policy.
import { decodeImage, type Canvas } from "../models/canvases.ts";

/** The only hosts a canvas page may load scripts, styles and fonts from. */
export const CANVAS_CDNS = ["https://cdn.jsdelivr.net", "https://unpkg.com", "https://cdnjs.cloudflare.com"];

/** mermaid from the CDN, pinned; it renders every `pre.mermaid` with its strict security level. */
const MERMAID_SCRIPT = `import mermaid from "https://cdn.jsdelivr.net/npm/mermaid@11.4.1/dist/mermaid.esm.min.mjs";
mermaid.initialize({ startOnLoad: true, securityLevel: "strict" });`;

const hash = (text: string) => `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;

/** An html canvas is its own inline scripts and styles; a mermaid page runs only the script above. */
export function canvasPageCsp(kind: "html" | "mermaid"): string {
  const cdns = CANVAS_CDNS.join(" ");
  const inline = kind === "html" ? "'unsafe-inline'" : hash(MERMAID_SCRIPT);
  return [
    "sandbox allow-scripts",
    "default-src 'none'",
    `script-src ${inline} ${cdns}`,
    `style-src 'unsafe-inline' ${cdns}`,
    `font-src ${cdns}`,
    "img-src data: blob:",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    // Shown in the app's own page only; the app's other pages may not be framed at all.
    "frame-ancestors 'self'",
  ].join("; ");
}

/** The document of a runnable canvas: an html canvas is its own text; mermaid is wrapped, as text. */
export function canvasPage(kind: "html" | "mermaid", content: string): string {
  if (kind === "html") return content;
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>
<pre class="mermaid">${escapeText(content)}</pre>
<script type="module">${MERMAID_SCRIPT}</script>
</body></html>`;
}

/** A picture: svg as an image document that may not run anything, an image as its decoded bytes. */
export function canvasPicture(kind: Canvas["kind"], content: string): { type: string; body: Uint8Array } | null {
  if (kind === "svg") return { type: "image/svg+xml", body: new TextEncoder().encode(content) };
  if (kind !== "image") return null;
  const image = decodeImage(content);
  return image && { type: image.mime, body: image.bytes };
}

/** Opened on its own, a picture is still no page: nothing in it runs, nothing loads. */
export const PICTURE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (ch) => (ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : "&gt;"));
}
