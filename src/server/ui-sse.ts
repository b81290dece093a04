// The chat screen's turn streams: TurnWatch frames rendered to htmx fragments (views/turn-stream.ts)
// and written as SSE — unnamed `data:` for HTML to swap, `event:` for the Alpine layer.
import { TurnRenderer, type TurnSource, type UiFrame } from "../../views/turn-stream.ts";
import { listPending } from "../store/approvals.ts";
import { listMessages } from "../store/messages.ts";
import { listQueue } from "../store/queue.ts";
import { getRun, listRuns } from "../store/runs.ts";
import type { ActiveTurn } from "../turns/host.ts";
import type { WatchFrame } from "../turns/watch.ts";
import { toolStatuses } from "./chat-data.ts";
import type { AppDeps } from "./deps.ts";
import { sseResponse } from "./sse.ts";

export function turnSource(d: AppDeps, conversationId: string, runId: string, agentId: string): TurnSource {
  const agent = d.crew().get(agentId);
  return {
    run: () => getRun(d.store, runId),
    messages: (afterSeq) => listMessages(d.store, conversationId, afterSeq),
    messagesOf: (run) => {
      const from = run.afterSeq ?? 0;
      const next = listRuns(d.store, { conversationId, limit: 500 }).map((r) => r.afterSeq ?? -1).filter((a) => a > from).sort((a, b) => a - b)[0];
      return listMessages(d.store, conversationId, from).filter((m) => next === undefined || m.seq <= next);
    },
    toolStatus: () => toolStatuses(d, conversationId),
    queue: () => listQueue(d.store, conversationId),
    pending: () => listPending(d.store, conversationId)[0] ?? null,
    agent: { id: agentId, name: agent?.name ?? agentId },
  };
}

/** Renders a turn for one viewer: `lead` frames first, then the turn as it happens. */
export async function* turnFrames(d: AppDeps, turn: ActiveTurn, agentId: string, late: boolean, lead: UiFrame[] = []): AsyncGenerator<UiFrame> {
  yield* lead;
  const r = new TurnRenderer(turn.runId, turnSource(d, turn.conversationId, turn.runId, agentId));
  const text = turn.watch.text;
  const q = late ? turn.watch.attach() : turn.watch.attachFirst();
  try {
    // A late viewer's queue opens with the watching frame and the text so far: render them as one.
    for (let n = late ? q.size : 0; n > 0; n--) await q.next();
    yield* r.begin(late ? text : "");
    for await (const f of q as AsyncIterable<WatchFrame>) yield* r.render(f);
  } finally {
    q.close();
  }
}

/** SSE for htmx: HTML as unnamed messages (one `data:` line per HTML line), events by name. */
export function uiSse(frames: AsyncIterable<UiFrame>): Response {
  return sseResponse(frames, { encode: encodeUiFrame });
}

export function encodeUiFrame(f: UiFrame): string {
  if ("html" in f) return `${f.html.split(/\r?\n/).map((l) => `data: ${l}`).join("\n")}\n\n`;
  return `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`;
}
