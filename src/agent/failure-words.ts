// Honest failure words (issue 10): one mapping from a provider failure to what the chat and the run say.
// A 400/422 is a refused request, in the provider's own words; only 401/403 is a key problem, so only
// that class points to Connections (Manage). Everything else says what happened without blaming the keys.
import { providerTitle } from "../llm/registry.ts";
import type { ProviderError } from "../llm/types.ts";
import { TD } from "../texts/vi-durable.ts";
import { T } from "../texts/vi.ts";
import type { ModelCallOutcome } from "./model-call.ts";

export type FailureClass = "auth" | "refused" | "rate_limited" | "unavailable" | "broken";

const AUTH_CODES = new Set(["401", "403", "authentication_error", "permission_error", "invalid_api_key"]);

export function failureClass(e: ProviderError): FailureClass {
  if (e.status === 401 || e.status === 403 || (e.code !== undefined && AUTH_CODES.has(e.code))) return "auth";
  if (e.status === 429 || e.code === "429" || e.code === "rate_limit_error") return "rate_limited";
  if (e.transient || e.kind === "connection") return "unavailable";
  if (e.kind === "stream") return "broken";
  return "refused";
}

/** The sentence for one failed route: `provider` is the route's provider name (e.g. "openai"). */
export function failureWords(provider: string, e: ProviderError): string {
  const title = providerTitle(provider);
  // The message starts with the provider's own name (http.ts); the title says it already.
  const detail = e.message.startsWith(`${provider}: `) ? e.message.slice(provider.length + 2) : e.message;
  switch (failureClass(e)) {
    case "auth": return TD.providerAuth(title, detail);
    case "rate_limited": return TD.providerRateLimited(title, detail);
    case "unavailable": return TD.providerUnavailable(title, detail);
    case "broken": return TD.providerBroken(title, detail);
    case "refused": return TD.providerRefused(title, detail);
  }
}

/**
 * What a failed model call says: the words of the route that broke mid-answer; when no route answered,
 * one route speaks for itself and several are listed in the order they were tried.
 */
export function callFailureWords(out: ModelCallOutcome, routeCount: number): string {
  const failure = out.failure!;
  if (!failure.allFailed) return failureWords(out.route!.provider.name, failure.error);
  if (routeCount === 0) return T.noRoutes;
  const each = out.fallbacks.map((f) => failureWords(f.from.provider.name, f.error));
  if (each.length === 0) return TD.allRoutesFailed(failure.error.message);
  return each.length === 1 ? each[0]! : TD.allRoutesFailed(each.join(" "));
}
