// Request bodies are capped before they are read (issue 9): Bun.serve refuses anything over
// MAX_REQUEST_BYTES while it streams in (chunked bodies too), and this middleware holds each route to
// its own, smaller limit, counting chunked bytes as they arrive, so a refused body is never buffered.
import type { Context, MiddlewareHandler } from "hono";
import { T } from "../texts/vi.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { OPENAI_PATH, openAiError } from "./openai-error.ts";

/** The ceiling Bun enforces for every request, above every route's own limit. */
export const MAX_REQUEST_BYTES = 2 * MAX_BODY_BYTES;
/** The login form carries one secret; nothing bigger is ever legitimate there. */
export const MAX_LOGIN_BYTES = 8 * 1024;

export function bodyCap(): MiddlewareHandler {
  return (c, next) => limit(c, next, c.req.path === "/login" ? MAX_LOGIN_BYTES : MAX_BODY_BYTES);
}

async function limit(c: Context, next: () => Promise<void>, max: number): Promise<Response | void> {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    return Number(declared) > max ? tooLarge(c, max) : next();
  }
  // Chunked: count as it arrives. Cancelling the stream makes Bun stop the upload instead of
  // draining the rest of it (hono's own bodyLimit only stops reading).
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return tooLarge(c, max);
    }
    chunks.push(value);
  }
  c.req.raw = new Request(raw, { body: Buffer.concat(chunks) });
  return next();
}

function tooLarge(c: Context, limit: number): Response {
  const detail = T.tooLargeLimit(Math.round(limit / 1024));
  return OPENAI_PATH.test(c.req.path) ? openAiError(c, 413, detail) : c.json({ detail }, 413);
}
