// fetch_url's network half: an http(s) GET behind the SSRF fence. Each hop's host is resolved once,
// every address must be public (address.ts), the connection goes to that checked address, at most 5
// redirects are followed (each checked again), the body stops at 5 MB and the whole fetch at 20 s.
import { lookup } from "node:dns/promises";
import { judgeAddress, judgeHost } from "./address.ts";
import type { Pinned } from "./http-once.ts";

export const MAX_REDIRECTS = 5;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 20_000;

/** Host name → every address it resolves to. */
export type Resolver = (host: string) => Promise<string[]>;

export type FetchOptions = {
  signal?: AbortSignal;
  /**
   * Host names (as written in the URL) let through the fence. Tests only: the tool takes it from
   * `fenceTestSeam`, which no environment variable or config key reaches.
   */
  allowHosts?: readonly string[];
  resolve?: Resolver;
  ca?: string;
  maxBytes?: number;
  timeoutMs?: number;
};

export type Fetched = { url: string; status: number; contentType: string; body: Buffer; cut: boolean };

/** A failure whose message is already a sentence for the model. */
export class FetchError extends Error {}

/** A refusal by the fence. */
export class FenceError extends FetchError {}

/** Set by tests only (see FetchOptions.allowHosts); empty in the binary. */
export const fenceTestSeam: Pick<FetchOptions, "allowHosts" | "resolve" | "ca"> = {};

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Why `raw` can never be fetched (scheme, or a host that spells a non-public address), else null. */
export function refuseUrl(raw: string, opts: FetchOptions = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${JSON.stringify(raw)} is not a valid URL. Send a full address such as https://example.com/page.`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `fetch_url only reads http and https addresses, not ${url.protocol.slice(0, -1)}. Send an http(s) URL; ` +
        "use the file tools for files in your workspace.";
  }
  if (allowed(url, opts)) return null;
  const verdict = judgeHost(url.hostname);
  if (verdict.kind === "ip" && verdict.refused) return refusedSentence(url, verdict.address, verdict.refused);
  return null;
}

/**
 * Checks `url`'s host and returns the address to connect to; throws FenceError when it is refused. The
 * lookup gives up when `signal` fires (the fetch's time cap), as a lookup can hang for long.
 */
export async function checkTarget(url: URL, opts: FetchOptions, signal: AbortSignal): Promise<Pinned> {
  const refusal = refuseUrl(url.href, opts);
  if (refusal) throw new FenceError(refusal);
  const verdict = judgeHost(url.hostname);
  if (verdict.kind === "ip") return pin(verdict.address);
  let addresses: string[];
  try {
    addresses = await untilAborted((opts.resolve ?? systemResolver)(url.hostname), signal);
  } catch (e) {
    if (signal.aborted) throw e;
    addresses = [];
  }
  if (addresses.length === 0) {
    throw new FetchError(`The host name ${url.hostname} could not be found. Check the spelling of the address.`);
  }
  if (!allowed(url, opts)) {
    for (const address of addresses) {
      const why = judgeAddress(address);
      if (why) throw new FenceError(refusedSentence(url, address, why));
    }
  }
  return pin(addresses[0]!);
}

/** GETs `raw` behind the fence. Throws FenceError for a refused hop, Error with a sentence otherwise. */
export async function safeFetch(raw: string, opts: FetchOptions = {}): Promise<Fetched> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timer]) : timer;
  const refusal = refuseUrl(raw, opts);
  if (refusal) throw new FenceError(refusal);
  let url = new URL(raw);
  let from = "";
  for (let hop = 0; ; hop++) {
    let res;
    try {
      const pinned = await checkTarget(url, opts, signal).catch((e: Error) => {
        if (hop === 0 || !(e instanceof FenceError)) throw e;
        throw new FenceError(`${from} redirected to ${url.href}. ${e.message}`);
      });
      // node:http and node:https load on the first fetch, not at start.
      const { exchange } = await import("./http-once.ts");
      res = await exchange(url, pinned, {
        maxBytes: opts.maxBytes ?? MAX_BODY_BYTES,
        signal,
        ca: opts.ca,
        skipBody: isRedirect,
      });
    } catch (e) {
      if (e instanceof FetchError) throw e;
      if (opts.signal?.aborted) throw new Error("The fetch was stopped because the turn was cancelled.");
      if (timer.aborted) {
        throw new Error(`Fetching ${url.href} took longer than ${timeoutMs / 1000} s and was stopped.`);
      }
      throw new Error(networkSentence(url, e as NodeJS.ErrnoException));
    }
    const location = res.headers.location;
    if (isRedirect(res.status) && location) {
      if (hop >= MAX_REDIRECTS) {
        throw new Error(`${raw} redirected more than ${MAX_REDIRECTS} times (last to ${location}); ` +
            "it may be a redirect loop. Try the final address directly, or another source.");
      }
      from = url.href;
      url = nextHop(url, location);
      continue;
    }
    const contentType = String(res.headers["content-type"] ?? "").trim();
    return { url: url.href, status: res.status, contentType, body: res.body, cut: res.cut };
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

function nextHop(from: URL, location: string): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new Error(`${from.href} redirected to ${JSON.stringify(location)}, which is not a valid address.`);
  }
}

function isRedirect(status: number): boolean {
  return [301, 302, 303, 307, 308].includes(status);
}

function allowed(url: URL, opts: FetchOptions): boolean {
  return (opts.allowHosts ?? []).includes(url.hostname.toLowerCase());
}

function pin(address: string): Pinned {
  const bare = address.replace(/^\[|\]$/g, "");
  return { address: bare, family: bare.includes(":") ? 6 : 4 };
}

function refusedSentence(url: URL, address: string, why: string): string {
  const via = url.hostname.replace(/^\[|\]$/g, "") === address ? "" : ` (${url.hostname} points to ${address})`;
  return `Refused: ${url.href} leads to ${address}, ${why}${via}. fetch_url only reaches public internet ` +
      "addresses; this is never allowed, whoever approves. Use a public URL instead.";
}

function networkSentence(url: URL, e: NodeJS.ErrnoException): string {
  const code = e?.code ?? "";
  const message = e?.message ?? String(e);
  if (code === "ECONNREFUSED") return `${url.host} refused the connection. The site may be down; try again later.`;
  if (code === "ECONNRESET" || message === "aborted") {
    return `${url.host} closed the connection before the whole page arrived. Try again later.`;
  }
  if (/CERT|TLS|SSL/i.test(code) || /certificate|tls|ssl/i.test(message)) {
    return `The secure connection to ${url.hostname} failed (${message}). The site's certificate is not valid for ` +
        "this name; do not trust it. Try another source.";
  }
  return `Fetching ${url.href} failed: ${message}. Try again later or another source.`;
}
