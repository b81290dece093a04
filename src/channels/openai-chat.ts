// The OpenAI door's side of the inbound gate: a model name picks the agent, a header or the `user`
// field picks the conversation, and a started turn is followed to its end (approvals included)
// instead of stopping at the first pause as /api/inbound does.
import { MASTER } from "../config/agent-schema.ts";
import type { ActivityHub } from "../activity/hub.ts";
import { listSteps } from "../store/run-steps.ts";
import { T } from "../texts/vi.ts";
import type { Crew } from "../turns/crew.ts";
import type { ActiveTurn } from "../turns/host.ts";
import { inbound, type InboundDeps } from "./inbound.ts";
import { followRun, type Followed, type RunEnd } from "./openai-follow.ts";

/** The model name of the master agent; every other agent answers to its own id. */
export const MASTER_MODEL = "my-crew";
/** Every message through this door runs with this source (activity shows it). */
export const OPENAI_SOURCE = "openai";

export type OpenAiTurnDeps = InboundDeps & { hub: ActivityHub };

export type OpenAiTurnRequest = {
  agentId: string;
  text: string;
  /** From the X-My-Crew-Conversation header: continue exactly this conversation. */
  conversationId?: string;
  /** The request's `user`: a per-day conversation of its own (`openai:<user>`). */
  user?: string;
  /** The caller went away: stop following (the turn itself runs on). */
  signal: AbortSignal;
};

export type OpenAiTurn =
  | { kind: "rejected"; status: 404 | 409 | 422 | 429 | 503; detail: string }
  | { kind: "queued"; conversationId: string; text: string }
  | { kind: "started"; conversationId: string; runId: string; events: AsyncIterable<Followed> };

/** The agent a model name stands for, or null when the crew has no such model. */
export function agentOfModel(crew: Crew, model: string): string | null {
  if (model === MASTER_MODEL) return MASTER;
  return model !== MASTER && crew.agents.has(model) ? model : null;
}

/** The model names this door answers to: the master first, then each member of the running crew. */
export function modelNames(crew: Crew): string[] {
  const members = [...crew.agents.keys()].filter((id) => id !== MASTER).sort();
  return [...(crew.agents.has(MASTER) ? [MASTER_MODEL] : []), ...members];
}

/** Sends the text through the inbound gate; a started turn is handed back to follow. */
export async function openAiTurn(d: OpenAiTurnDeps, req: OpenAiTurnRequest): Promise<OpenAiTurn> {
  type Started = { turn: ActiveTurn; events: AsyncIterable<Followed> };
  let onStarted: (turn: ActiveTurn) => void = () => {};
  // The gate calls it right after the send, before the turn's first await: listening starts before
  // any of its text is written.
  const started = new Promise<Started>((resolve) => {
    onStarted = (turn) => resolve({ turn, events: followRun({ hub: d.hub, store: d.store }, turn, req.signal) });
  });
  const channel = req.user ? `${OPENAI_SOURCE}:${req.user}` : OPENAI_SOURCE;
  const { agentId, text, conversationId } = req;
  const reply = inbound(d, { text, agentId, channel, conversationId, source: OPENAI_SOURCE, onStarted });
  // A started turn is not waited for here: the follower has all of it, pauses included.
  const first = await Promise.race([started, reply.then(() => null)]);
  if (first) {
    reply.catch(() => {});
    const { conversationId: id, runId } = first.turn;
    return { kind: "started", conversationId: id, runId, events: first.events };
  }
  const out = await reply;
  if (!out.ok) return { kind: "rejected", status: out.status, detail: out.detail };
  return { kind: "queued", conversationId: out.reply.conversation_id, text: out.reply.text };
}

/** The sentence that ends the reply when the run did not simply finish (as /api/inbound ends it). */
export function endNotice(end: RunEnd): string {
  switch (end.kind) {
    case "done":
      return "";
    case "halted":
      return T.noticeHalted[end.reason];
    case "error":
    case "gone":
      return T.noticeError;
    case "unanswered":
      return end.question ? T.noticeQuestion : T.noticeApproval;
  }
}

export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

/** The run's tokens over all its model calls; null when any call's count is unknown. */
export function runUsage(d: { store: InboundDeps["store"] }, runId: string): Usage | null {
  const calls = listSteps(d.store, runId).filter((s) => s.type === "model");
  if (calls.length === 0 || calls.some((s) => s.inputTokens === null || s.outputTokens === null)) return null;
  const prompt = calls.reduce((n, s) => n + s.inputTokens!, 0);
  const completion = calls.reduce((n, s) => n + s.outputTokens!, 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}
