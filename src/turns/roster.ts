// Who may hand work to whom (F-06, F-08): the master, a `mode: work` agent and any agent that lists
// `delegates` or names `delegate` in `tools` may delegate — to that list, else to every member but itself —
// unless a `tools` allow-list leaves `delegate` out. A delegated turn never delegates (delegation.ts).
import { MASTER, type AgentProfile } from "../config/agent-schema.ts";
import { DELEGATE } from "../tools/delegate.ts";
import type { AgentRuntime, Crew } from "./crew.ts";

/** The ids `id` may delegate to, in the crew's order; `ids` are every agent of the crew. */
export function delegateTargets(id: string, profile: AgentProfile, ids: string[]): string[] {
  const named = !!profile.tools?.includes(DELEGATE);
  const mayDelegate = id === MASTER || profile.mode === "work" || profile.delegates !== undefined || named;
  if (!mayDelegate || (profile.tools && !named)) return [];
  const wanted = profile.delegates ? new Set(profile.delegates) : null;
  // A listed id that is not (or no longer) in the crew is left out rather than failing the agent.
  return ids.filter((other) => other !== id && other !== MASTER && (!wanted || wanted.has(other)));
}

/** The agents `id` may delegate to right now (empty for an unknown id or one that does not delegate). */
export function delegatesOf(crew: Crew, id: string): AgentRuntime[] {
  return (crew.get(id)?.delegates ?? []).flatMap((d) => crew.get(d) ?? []);
}
