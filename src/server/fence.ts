// The local fence (N-01) on every path: Host must be an IP address, `localhost`, or a name listed in
// MY_AGENT_ALLOWED_HOSTS; Origin, when present, must be exactly this host:port. It stops DNS
// rebinding and cross-site requests from reaching a server that is open on the LAN.
import type { MiddlewareHandler } from "hono";
import { T } from "../texts/vi.ts";
import { errorResponse } from "./errors.ts";

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

export function fence(allowedHosts: string[]): MiddlewareHandler {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return async (c, next) => {
    const host = c.req.header("host") ?? "";
    const name = hostName(host);
    if (!name || !(isIp(name) || name === "localhost" || allowed.has(name))) {
      return errorResponse(c, 403, T.fenceHost(name || host));
    }
    const origin = c.req.header("origin");
    if (origin !== undefined && originHost(origin) !== host.toLowerCase()) {
      return errorResponse(c, 403, T.fenceOrigin(origin));
    }
    await next();
  };
}

/** The host name of a Host header value, lower-cased, without port or IPv6 brackets. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end > 0 ? h.slice(1, end) : "";
  }
  return h.split(":")[0] ?? "";
}

function isIp(name: string): boolean {
  return IPV4.test(name) || (name.includes(":") && /^[0-9a-f:.]+$/.test(name));
}

/** `http://a:1` → `a:1`; anything that is not an http(s) origin (including "null") → "". */
function originHost(origin: string): string {
  try {
    const u = new URL(origin);
    return u.protocol === "http:" || u.protocol === "https:" ? u.host.toLowerCase() : "";
  } catch {
    return "";
  }
}
