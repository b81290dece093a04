// The child conversations the `delegate` steps of some runs opened (F-11), for run cards to link: found
// by each step's tool call id within the run's conversation (src/store/delegations.ts).
import type { DelegateLinks } from "../models/crew.ts";
import type { Run, RunStep } from "../models/runs.ts";
import { findChild } from "../store/delegations.ts";
import { DELEGATE } from "../tools/delegate.ts";
import type { AppDeps } from "./deps.ts";

export function delegateLinks(d: AppDeps, runs: { run: Run; steps: RunStep[] }[]): DelegateLinks {
  const links: DelegateLinks = {};
  for (const { run, steps } of runs) {
    for (const s of steps) {
      if (s.name !== DELEGATE || !s.toolCallId || !run.conversationId) continue;
      const child = findChild(d.store, run.conversationId, s.toolCallId);
      if (!child) continue;
      links[s.toolCallId] = { conversationId: child.id, agentName: d.crew().get(child.agentId)?.name ?? child.agentId };
    }
  }
  return links;
}
