// An agent's route chains resolved to providers: chat `routes`, and the `vision_routes` and `audio_routes`
// of other modalities. A route that cannot be used is left out and named in the problems, never fatal.
import type { ResolvedProfile } from "../config/inherit.ts";
import { resolveRoute } from "../llm/registry.ts";
import type { Provider, Route } from "../llm/types.ts";

export type RouteChains = { routes: Route[]; vision: Route[]; audio: Route[]; problems: string[] };

/** `windows`: config.yaml's `context_windows`, a route's window where the built-in table has none. */
export function resolveChains(
  r: Pick<ResolvedProfile, "routes" | "visionRoutes" | "audioRoutes">,
  env: Record<string, string | undefined>,
  extra: Record<string, Provider>,
  windows: Record<string, number> = {},
): RouteChains {
  const problems: string[] = [];
  const chain = (labels: string[], key: string) =>
    labels.flatMap((label) => {
      const route = resolveRoute(label, env, extra);
      if (!route.ok) problems.push(key ? `${key}: ${route.error}` : route.error);
      if (route.ok && windows[route.route.label]) route.route.contextWindow = windows[route.route.label];
      return route.ok ? [route.route] : [];
    });
  const routes = chain(r.routes, "");
  const vision = chain(r.visionRoutes, "vision_routes");
  const audio = chain(r.audioRoutes, "audio_routes").filter((route) => {
    if (route.provider.transcribe) return true;
    problems.push(`audio_routes: Route "${route.label}" cannot transcribe audio; use an OpenAI-compatible provider ` +
      `(openai, groq) or fake.`);
    return false;
  });
  return { routes, vision, audio, problems };
}
