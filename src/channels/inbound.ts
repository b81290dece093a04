// The inbound gate (L-01…L-09): every platform hands a message here. It resolves the agent, opens or
// reuses today's conversation for the channel (K-20, K-22), sends like the web does (same queue and
// steer rules) and, when a turn started, waits for it and aggregates the reply.
import type { TurnResult } from "../agent/events.ts";
import { startOfLocalDay } from "../config/owner-time.ts";
import { createConversation, getConversation, latestOnChannel } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { countQueued } from "../store/queue.ts";
import { FIRST_RUN } from "../texts/vi-first-run.ts";
import { T } from "../texts/vi.ts";
import type { Crew } from "../turns/crew.ts";
import type { ActiveTurn, TurnHost } from "../turns/host.ts";
import { send } from "../turns/send.ts";

export type InboundRequest = {
  text: string; agentId?: string; channel: string; conversationId?: string; source: string;
  /** Called right after the send when the message started a turn (the OpenAI door follows it from there). */
  onStarted?: (turn: ActiveTurn) => void;
};

export type InboundReply = {
  conversation_id: string;
  agent_id: string;
  text: string;
  status: "done" | "halted" | "error" | "approval_required" | "queued";
  steps: number;
  queued: boolean;
};

export type InboundDeps = { store: Store; host: TurnHost; crew: () => Crew; timezone: string; now?: () => Date };

export async function inbound(
  d: InboundDeps,
  req: InboundRequest,
): Promise<{ ok: true; reply: InboundReply } | { ok: false; status: 404 | 409 | 422 | 429 | 503; detail: string }> {
  const conv = req.conversationId ? getConversation(d.store, req.conversationId) : null;
  if (req.conversationId && !conv) return { ok: false, status: 404, detail: T.conversationNotFound };
  const agentId = req.agentId ?? conv?.agentId ?? "default";
  const agent = d.crew().get(agentId);
  if (!agent || (conv && conv.agentId !== agentId)) return { ok: false, status: 404, detail: T.agentNotFound(agentId) };
  // Without a model route the turn could only fail: refuse before anything is stored.
  if (agent.routes.length === 0) return { ok: false, status: 503, detail: FIRST_RUN.inboundNoRoute(agentId) };
  const target = conv ?? todays(d, { channel: req.channel, agentId, source: req.source });
  const out = send(d.host, d.store, { conversationId: target.id, text: req.text, source: req.source });
  const base = { conversation_id: target.id, agent_id: agentId };
  if (out.kind === "rejected") return { ok: false, status: out.status, detail: out.detail };
  if (out.kind !== "started") {
    return { ok: true, reply: { ...base, text: T.inboundQueued, status: "queued", steps: 0, queued: true } };
  }
  req.onStarted?.(out.turn);
  const result = await out.turn.done;
  const notice = turnNotice(result, d.host.waitingKind(target.id));
  const text = notice ? [result.text.trim(), notice].filter(Boolean).join("\n\n") : result.text;
  return { ok: true, reply: { ...base, text, status: result.status, steps: result.steps, queued: false } };
}

/** The notice that ends a turn's reply on a channel (L-07): none when it is done. */
export function turnNotice(result: TurnResult, waiting: "approval" | "question" | null): string {
  if (result.status === "done") return "";
  if (result.status === "halted") return T.noticeHalted[result.haltReason ?? "max_steps"];
  if (result.status === "error") return T.noticeError;
  return waiting === "question" ? T.noticeQuestion : T.noticeApproval;
}

/** A channel's conversation: `title` names it (Telegram's day), `approvalTtlSeconds` overrides the agent's. */
export type ChannelOpen = {
  channel: string; agentId: string; source: string; title?: string; approvalTtlSeconds?: number;
};

/** Today's conversation on a channel, or the one still busy from yesterday (K-22), or a new one. */
export function todays(d: InboundDeps, o: ChannelOpen) {
  const latest = latestOnChannel(d.store, o.channel, "", o.agentId);
  const dayStart = startOfLocalDay((d.now ?? (() => new Date()))(), d.timezone).toISOString();
  const busy = (id: string) => d.host.running(id) || countQueued(d.store, id) > 0;
  if (latest && (latest.createdAt >= dayStart || busy(latest.id))) return latest;
  return openOnChannel(d, o);
}

/** A new conversation on a channel, with the agent's cap and autonomy (L-22's /new, K-20's first of a day). */
export function openOnChannel(d: Pick<InboundDeps, "crew" | "store">, o: ChannelOpen) {
  const agent = d.crew().get(o.agentId)!;
  return createConversation(d.store, {
    agentId: o.agentId,
    channel: o.channel,
    source: o.source,
    title: o.title,
    costCapUsd: agent.costCapUsd,
    autonomous: agent.autonomous,
    approvalTtlSeconds: o.approvalTtlSeconds ?? agent.approvalTtlSeconds,
  });
}
