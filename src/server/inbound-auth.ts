// /api/inbound's token (decisions.md): whenever MY_AGENT_INBOUND_TOKEN is set, every caller sends
// `Authorization: Bearer <token>`, loopback included, since a reverse proxy on this host is loopback.
// Unset, only this machine may call when the server is bound beyond loopback. The OpenAI door (/v1/…)
// answers to the same token, its refusals in OpenAI's error shape.
import type { Context, MiddlewareHandler } from "hono";
import { TA } from "../texts/vi-auth.ts";
import { T } from "../texts/vi.ts";
import { clientAddress, isLoopback, throttled, type AuthDeps } from "./auth.ts";
import { OPENAI_PATH, openAiError } from "./openai-error.ts";
import { bearer, sameSecret } from "./secret.ts";

const INBOUND = /^\/api\/inbound(\/|$)/;

function refuse(c: Context, status: 401 | 403 | 429, detail: string): Response {
  return OPENAI_PATH.test(c.req.path) ? openAiError(c, status, detail) : c.json({ detail }, status);
}

export function inboundAuth(token: string | null, lanBound: boolean, d: AuthDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!INBOUND.test(c.req.path) && !OPENAI_PATH.test(c.req.path)) return next();
    const address = clientAddress(c);
    if (token === null) {
      if (!lanBound || isLoopback(address)) return next();
      d.log(`inbound refused from ${address}: MY_AGENT_INBOUND_TOKEN is not set, so only this machine may call`);
      return refuse(c, 403, T.inboundNeedsToken);
    }
    const refusal = d.throttle.check(address);
    if (refusal) return refuse(c, 429, throttled(c, d, "inbound token", address, refusal));
    const given = bearer(c.req.header("authorization"));
    if (given.kind !== "token") {
      d.log(`inbound refused from ${address}: ${given.kind === "missing" ? "no" : "a malformed"} Authorization header`);
      return refuse(c, 401, given.kind === "missing" ? TA.inboundMissing : TA.inboundNoBearer);
    }
    if (!sameSecret(given.token, token)) {
      d.throttle.fail(address);
      d.log(`inbound refused from ${address}: wrong token`);
      return refuse(c, 401, TA.inboundWrong);
    }
    return next();
  };
}
