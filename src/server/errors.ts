// One error answer, two audiences: a browser navigating gets the HTML error page in the app's style,
// everything else (API clients, curl, htmx requests that read `detail`) gets `{detail}` JSON.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorPage } from "../../views/error-page.ts";

export function errorResponse(c: Context, status: ContentfulStatusCode, detail: string): Response | Promise<Response> {
  return wantsPage(c) ? c.html(errorPage(status, detail), status) : c.json({ detail }, status);
}

/** A top-level page load: it accepts HTML and is not an htmx request for a fragment. */
function wantsPage(c: Context): boolean {
  return (c.req.header("accept") ?? "").includes("text/html") && c.req.header("hx-request") !== "true";
}
