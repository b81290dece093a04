// /api/inbound's token (decisions.md): whenever MY_AGENT_INBOUND_TOKEN is set, every caller sends
// `Authorization: Bearer <token>`, loopback included, since a reverse proxy on this host is loopback.
// Unset, only this machine may call when the server is bound beyond loopback.
import type { MiddlewareHandler } from "hono";
import { TA } from "../texts/vi-auth.ts";
import { T } from "../texts/vi.ts";
import { clientAddress, isLoopback, throttled, type AuthDeps } from "./auth.ts";
import { bearer, sameSecret } from "./secret.ts";

const INBOUND = /^\/api\/inbound(\/|$)/;

export function inboundAuth(token: string | null, lanBound: boolean, d: AuthDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!INBOUND.test(c.req.path)) return next();
    const address = clientAddress(c);
    if (token === null) {
      if (!lanBound || isLoopback(address)) return next();
      d.log(`inbound refused from ${address}: MY_AGENT_INBOUND_TOKEN is not set, so only this machine may call`);
      return c.json({ detail: T.inboundNeedsToken }, 403);
    }
    const refusal = d.throttle.check(address);
    if (refusal) return c.json({ detail: throttled(c, d, "inbound token", address, refusal) }, 429);
    const given = bearer(c.req.header("authorization"));
    if (given.kind !== "token") {
      d.log(`inbound refused from ${address}: ${given.kind === "missing" ? "no" : "a malformed"} Authorization header`);
      return c.json({ detail: given.kind === "missing" ? TA.inboundMissing : TA.inboundNoBearer }, 401);
    }
    if (!sameSecret(given.token, token)) {
      d.throttle.fail(address);
      d.log(`inbound refused from ${address}: wrong token`);
      return c.json({ detail: TA.inboundWrong }, 401);
    }
    return next();
  };
}
