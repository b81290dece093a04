// The crew card's members, the options card's skill toggles and a branch's origin (F-20, F-24, M-17), read
// from the running crew and the store in one place for every render of #chat-header.
import type { Conversation } from "../models/conversations.ts";
import type { CrewMember, ForkOrigin, HeaderData, SkillToggle } from "../models/crew.ts";
import { getConversation } from "../store/conversations.ts";
import { runningAgentIds } from "../store/runs.ts";
import { MASTER, type AppDeps } from "./deps.ts";

export function headerData(d: AppDeps, c: Conversation): HeaderData {
  return { crew: crewMembers(d), skills: skillToggles(d, c), origin: forkOrigin(c, d) };
}

/** Where a branch was forked from (M-17): named by its title when it is one of the listed conversations. */
function forkOrigin(c: Conversation, d: AppDeps): ForkOrigin | null {
  const origin = c.forkedFrom ? getConversation(d.store, c.forkedFrom) : null;
  if (!origin) return null;
  const listed = origin.agentId === MASTER && origin.parentId === null && origin.title !== "";
  return { id: origin.id, title: listed ? origin.title : null };
}

/** The master first, then the members by name (GET /api/agents's order for the master). */
export function crewMembers(d: AppDeps): CrewMember[] {
  const live = runningAgentIds(d.store);
  const members = [...d.crew().agents.values()].map((a) => ({
    id: a.id, name: a.name, description: a.description, mode: a.mode, live: live.has(a.id),
  }));
  const rank = (m: CrewMember) => (m.id === MASTER ? 0 : 1);
  return members.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The same list GET /api/conversations/{id}/skills gives. */
export function skillToggles(d: AppDeps, c: Conversation): SkillToggle[] {
  const on = new Set(c.skills);
  return (d.crew().get(c.agentId)?.kit.skills ?? []).map((s) => ({
    name: s.name, description: s.description, always: s.always, enabled: s.always || on.has(s.name),
  }));
}
