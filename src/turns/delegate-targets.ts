// Who may an agent delegate to (F-06, F-08): the one rule, kept apart so the crew's profile code can own
// it later. A delegated child never delegates, whoever it is: the turn host withholds the tool (F-09).
import type { AgentProfile } from "../config/agent-schema.ts";
import { DELEGATE } from "../tools/delegate.ts";

export const MASTER_ID = "default";

/**
 * The ids `agentId` may give tasks to; empty when it gets no `delegate` tool. The master, a `mode: work`
 * agent, and an agent whose `tools` names delegate get it, unless a `tools` allow-list leaves it out. The
 * targets are every other agent, or only those its `delegates` lists.
 */
export function delegateTargets(agentId: string, profiles: Map<string, AgentProfile>): string[] {
  const p = profiles.get(agentId);
  if (!p) return [];
  const allowed = !p.tools || p.tools.includes(DELEGATE);
  const eligible = agentId === MASTER_ID || p.mode === "work" || !!p.tools?.includes(DELEGATE);
  if (!allowed || !eligible) return [];
  const others = [...profiles.keys()].filter((id) => id !== agentId);
  return p.delegates ? others.filter((id) => p.delegates!.includes(id)) : others;
}
