// The crew's Delegator (F-08…F-11): which delegate calls may start a task — a known crew member the agent
// may delegate to, never itself, at most MAX_DELEGATES per conversation counted from its history — and
// what a turn gets for delegation: the tool and the Delegator in a top-level turn; in a delegated child
// neither (depth 1, F-09) but the wrap-up from its 25th call.
import type { ActivityHub } from "../activity/hub.ts";
import { WRAP_UP_FROM } from "../agent/wrap-up.ts";
import { getConversation, type Conversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { countChildren, findChild } from "../store/delegations.ts";
import type { Tool } from "../tools/define.ts";
import { DELEGATE, type Delegator } from "../tools/delegate.ts";
import type { AgentRuntime, Crew } from "./crew.ts";
import { runDelegation } from "./delegate-run.ts";
import type { TurnHost } from "./host.ts";

/** At most this many delegations per conversation (F-10, decisions: delegation). */
export const MAX_DELEGATES = 8;

export type DelegationDeps = { store: Store; host: TurnHost; hub: ActivityHub; crew: () => Crew };

export function crewDelegator(d: DelegationDeps): Delegator {
  return {
    refusal(agent, ctx) {
      const parent = ctx.conversationId ? getConversation(d.store, ctx.conversationId) : null;
      if (!parent) return "delegating needs a conversation to report back to.";
      if (isDelegated(parent)) return "a delegated task cannot delegate further; do the work yourself.";
      if (agent === ctx.agentId) return "you cannot delegate to yourself; do the task yourself.";
      const targets = d.crew().get(ctx.agentId)?.delegates ?? [];
      if (!targets.includes(agent) || !d.crew().get(agent)) {
        const who = targets.length > 0 ? targets.join(", ") : "nobody";
        return `there is no crew member "${agent}" you can delegate to. You can delegate to: ${who}.`;
      }
      // A call re-issued after a restart finds the task it started: it is already counted (C-16).
      if (ctx.callId && findChild(d.store, parent.id, ctx.callId)) return null;
      if (countChildren(d.store, parent.id, DELEGATE) >= MAX_DELEGATES) {
        return `this conversation has already delegated ${MAX_DELEGATES} tasks, the most it may. ` +
          "Do the rest yourself, or tell the owner what is left.";
      }
      if (parent.costCapUsd > 0 && parent.spentUsd >= parent.costCapUsd) {
        return "this conversation's budget is spent, so no task can be delegated; tell the owner.";
      }
      return null;
    },
    run: (agent, task, ctx) => runDelegation(d, agent, task, ctx),
  };
}

/** A delegated child conversation (source `delegate:<parent id>`, F-11). */
export function isDelegated(conv: Pick<Conversation, "source">): boolean {
  return conv.source.startsWith(`${DELEGATE}:`);
}

/** What a turn of `conv` gets for delegation: tools, the Delegator (top level only), the wrap-up (children). */
export function turnDelegation(conv: Conversation, agent: AgentRuntime, delegator: Delegator) {
  const child = isDelegated(conv);
  const tools: Tool[] = child ? agent.tools.filter((t) => t.name !== DELEGATE) : agent.tools;
  return { input: { tools, wrapUpFrom: child ? WRAP_UP_FROM : undefined }, ctx: child ? {} : { delegator } };
}
