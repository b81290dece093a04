// Errors on /v1/… in OpenAI's shape, `{error: {message, type, param, code}}`, so any OpenAI client
// shows the sentence; the rest of the API answers `{detail}` (errors.ts).
import type { Context } from "hono";

export type OpenAiStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

const TYPES: Record<OpenAiStatus, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  409: "conflict_error",
  413: "invalid_request_error",
  429: "rate_limit_error",
  503: "server_error",
};

/** The paths that answer in this shape. */
export const OPENAI_PATH = /^\/v1(\/|$)/;

export function openAiError(
  c: Context,
  status: OpenAiStatus,
  message: string,
  more: { param?: string | null; code?: string | null } = {},
): Response {
  // A conversation waiting for a decision or an agent without a route is not fixed by retrying at once
  // (the official clients retry 409 and 5xx by themselves).
  if (status === 409 || status === 503) c.header("x-should-retry", "false");
  const error = { message, type: TYPES[status], param: more.param ?? null, code: more.code ?? null };
  return c.json({ error }, status);
}
