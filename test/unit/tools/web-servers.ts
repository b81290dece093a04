// Local web servers for the fetch_url tests, on loopback only (127.0.0.1 and 127.0.0.2): every request is
// counted per server, so a test can prove that a refused address was never connected to.
import type { Server } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Local = { server: Server<undefined>; hits: string[]; url: (path: string) => string; stop: () => void };

type Handler = (req: Request, url: URL) => Response | Promise<Response>;

export function serve(hostname: string, handler: Handler, port = 0, tls?: { cert: string; key: string }): Local {
  const hits: string[] = [];
  const server = Bun.serve({
    hostname,
    port,
    tls,
    fetch(req) {
      const url = new URL(req.url);
      hits.push(`${url.pathname} host=${req.headers.get("host")}`);
      return handler(req, url);
    },
  });
  const scheme = tls ? "https" : "http";
  return {
    server,
    hits,
    url: (path) => `${scheme}://${hostname}:${server.port}${path}`,
    stop: () => void server.stop(true),
  };
}

export const fixture = (name: string) => readFileSync(join(import.meta.dir, "../../fixtures/web", name), "utf8");

export const TLS = { cert: fixture("tls/pinned-example.cert.pem"), key: fixture("tls/pinned-example.key.pem") };

/** A body that never ends: 64 KB chunks as long as the client reads (a "5 GB" download). */
export function endless(): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  return new ReadableStream({ pull: (c) => c.enqueue(chunk) });
}

export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
