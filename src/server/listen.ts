// Binds the port before the home is touched: until the app is ready every request gets 503, and a
// taken port is one clear line instead of a half-initialised home.
import { StartupError } from "../cli/log.ts";
import { T } from "../texts/vi.ts";
import { MAX_REQUEST_BYTES } from "./body-cap.ts";

/** The request and who sent it (the client's address decides whether the LAN login applies);
 * `keepOpen` lifts the idle timeout for this one request (a long wait that sends nothing meanwhile). */
export type ClientEnv = { ip: string | null; keepOpen?: () => void };
type Handler = (req: Request, env: ClientEnv) => Response | Promise<Response>;

export function listen(host: string, port: number) {
  let handler: Handler = () => Response.json({ detail: T.starting }, { status: 503 });
  let server: ReturnType<typeof Bun.serve>;
  try {
    // SSE streams send their own heartbeats; the idle timeout only reaps dead sockets.
    server = Bun.serve({
      hostname: host,
      port,
      idleTimeout: 120,
      maxRequestBodySize: MAX_REQUEST_BYTES,
      fetch: (req, srv) =>
        handler(req, { ip: srv.requestIP(req)?.address ?? null, keepOpen: () => srv.timeout(req, 0) }),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      throw new StartupError(`port ${port} on ${host} is already in use; choose another with --port`);
    }
    if (code === "EADDRNOTAVAIL") {
      throw new StartupError(`cannot bind ${host}: no such address on this machine (--host)`);
    }
    if (code === "EACCES") {
      throw new StartupError(`port ${port} needs more privileges; choose one above 1023 with --port`);
    }
    throw new StartupError(`cannot listen on ${host}:${port}: ${(e as Error).message}`);
  }
  return {
    port: server.port,
    setHandler(h: Handler) { handler = h; },
    stop() { server.stop(true); },
  };
}
