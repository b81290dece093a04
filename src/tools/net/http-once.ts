// One HTTP(S) exchange to an address that was already checked: node:http/https with a `lookup` that
// answers only that address, so no second DNS lookup can swap it (DNS rebinding), while the Host
// header, TLS SNI and the certificate check still use the URL's name. The body is read up to a cap.
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

export type Pinned = { address: string; family: 4 | 6 };

export type Exchange = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body read so far: empty for a redirect, at most `maxBytes`. */
  body: Buffer;
  /** The server had more than `maxBytes`; reading stopped there. */
  cut: boolean;
};

export type ExchangeOptions = {
  maxBytes: number;
  signal: AbortSignal;
  /** Extra trusted CA (tests only, for a local TLS server). */
  ca?: string;
  /** Statuses whose body is not wanted (redirects). */
  skipBody: (status: number) => boolean;
};

export function exchange(url: URL, pinned: Pinned, opts: ExchangeOptions): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason);
    const lookup = pinnedLookup(pinned);
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      lookup,
      ca: opts.ca,
      agent: false,
      headers: {
        "user-agent": "my-crew fetch_url",
        accept: "text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.8",
        "accept-encoding": "identity",
      },
    });
    const abort = () => req.destroy(opts.signal.reason as Error);
    opts.signal.addEventListener("abort", abort, { once: true });
    const done = () => opts.signal.removeEventListener("abort", abort);
    req.on("error", (e) => {
      done();
      reject(e);
    });
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (opts.skipBody(status)) {
        done();
        res.destroy();
        req.destroy();
        return resolve({ status, headers: res.headers, body: Buffer.alloc(0), cut: false });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (cut: boolean) => {
        done();
        resolve({ status, headers: res.headers, body: Buffer.concat(chunks), cut });
      };
      res.on("data", (chunk: Buffer) => {
        const room = opts.maxBytes - size;
        if (chunk.length >= room && size + chunk.length > opts.maxBytes) {
          chunks.push(chunk.subarray(0, room));
          size = opts.maxBytes;
          res.removeAllListeners("data");
          res.destroy();
          req.destroy();
          return finish(true);
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", () => finish(false));
      res.on("error", (e) => {
        done();
        reject(e);
      });
    });
    req.end();
  });
}

/** A lookup that answers every question with the checked address, whatever name it is asked about. */
function pinnedLookup(pinned: Pinned): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (typeof options === "function") return (options as typeof callback)(null, pinned.address, pinned.family);
    if (options?.all) return callback(null, [{ address: pinned.address, family: pinned.family }]);
    callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}
