// Security headers on every response: the page Content-Security-Policy, no framing, no MIME sniffing,
// no referrer beyond this origin. Why the policy allows 'unsafe-eval' and what it still blocks:
// docs/decisions.md. A route that sets its own policy keeps it (workspace files get `sandbox`, N-04).
import type { MiddlewareHandler } from "hono";
import { ERROR_STYLE } from "../../views/error-page.ts";
import { LOGIN_STYLE } from "../../views/login-page.ts";

const hash = (text: string) => `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;

export const PAGE_CSP = [
  "default-src 'self'",
  // Alpine and htmx's hx-on compile their attribute expressions with Function().
  "script-src 'self' 'unsafe-eval'",
  `style-src 'self' ${hash(LOGIN_STYLE)} ${hash(ERROR_STYLE)}`,
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    // PDFs are shown by the browser's own viewer, which a policy can break (N-04 exempts them too).
    if (type.startsWith("application/pdf")) return;
    const headers = c.res.headers;
    if (!headers.has("content-security-policy")) headers.set("content-security-policy", PAGE_CSP);
    // A canvas's sandboxed page is framed by the app's own page (canvas-sandbox.ts); nothing else is.
    if (!headers.has("x-frame-options")) headers.set("x-frame-options", "DENY");
    headers.set("x-content-type-options", "nosniff");
    headers.set("referrer-policy", "same-origin");
  };
}
