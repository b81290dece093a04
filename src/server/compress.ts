// Gzip for responses over 1 KB (M-58), never for SSE: a stream must reach the tab as it is written.
// Pre-compressed bodies (assets) and bodies of unknown length that are streams pass through untouched.
import type { MiddlewareHandler } from "hono";

const THRESHOLD = 1024;
const TEXTUAL = /^(text\/(?!event-stream)|application\/(json|javascript|xml)|image\/svg\+xml)/;

export function gzip(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (!res.body || res.headers.has("content-encoding") || !TEXTUAL.test(type)) return;
    if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Assigning c.res copies the old headers over the new ones (Hono), so fix them up afterwards.
    c.res = new Response(bytes.byteLength > THRESHOLD ? Bun.gzipSync(bytes) : bytes, res);
    c.res.headers.append("vary", "Accept-Encoding");
    if (bytes.byteLength <= THRESHOLD) return;
    c.res.headers.set("content-encoding", "gzip");
    c.res.headers.delete("content-length");
  };
}
