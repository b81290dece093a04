// GET /c/<id>/live (docs/chat.md): the chat screen of one stream per screen. It opens with the screen's
// whole state, then sends each change the activity hub signals as fragments addressed by id. Rendering
// happens in the hub's synchronous call, so a container and the text deltas after it never overlap.
import { html } from "hono/html";
import { approvalBar } from "../../views/approval-bar.ts";
import { boundary } from "../../views/boundary.ts";
import { chatHeader, chatTitle } from "../../views/chat-header.ts";
import { chips } from "../../views/composer.ts";
import { convActivity } from "../../views/conv-activity.ts";
import { delta, liveTurn, partial, type UiFrame } from "../../views/live.ts";
import { threadBody } from "../../views/thread.ts";
import type { Signal } from "../activity/hub.ts";
import { listPending } from "../store/approvals.ts";
import { listCompactions } from "../store/compactions.ts";
import { getConversation } from "../store/conversations.ts";
import { listQueue } from "../store/queue.ts";
import { getRun, listRuns } from "../store/runs.ts";
import { T } from "../texts/vi.ts";
import { activityData, chatData, messagesOf, toolStatuses } from "./chat-data.ts";
import { toolMeta } from "./tool-meta.ts";
import type { AppDeps } from "./deps.ts";
import { headerData } from "./header-data.ts";
import { isDelegated } from "../turns/delegation.ts";
import { screenStream, type Screen } from "./screen-stream.ts";
import { canvasDelta, canvasPanelFrame } from "./canvas-live.ts";

/** Token-level events other than text change nothing shown. */
const SILENT = new Set(["text_delta", "thinking", "tool_call_delta", "route_retry"]);

export function liveStream(d: AppDeps, convId: string, seen?: string): Response {
  return screenStream(d, chatScreen(d, convId), seen);
}

/** The chat screen of conversation `convId`: its opening state and what each signal changes on it. */
export function chatScreen(d: AppDeps, convId: string): Screen {
  const known = new Set<string>();
  let running = false;
  /** Whether a turn runs (the Stop button) and whether the budget locks the composer: the last turn
   * halted on it and the cap still stands (E-12). */
  const state = (): UiFrame => {
    const c = getConversation(d.store, convId);
    const last = listRuns(d.store, { conversationId: convId, limit: 1 })[0];
    const spent = !!c && c.costCapUsd > 0 && c.spentUsd >= c.costCapUsd;
    return { event: "state", data: { running, locked: spent && last?.haltReason === "budget" } };
  };

  const snapshot = (): UiFrame[] => {
    const data = chatData(d, convId);
    if (!data) return [{ html: "" }];
    known.clear();
    for (const r of data.thread.runs) known.add(r.id);
    running = data.running;
    const thread = threadBody(data.thread);
    const header = chatHeader(data.conversation, data.header);
    const head = partial("#chat-header", "outerHTML", header);
    const body = html`${partial("#thread", "innerHTML", thread)}${head}${parts(true)}${canvasPanelFrame(d, convId)}`;
    return [{ html: body.toString() }, state()];
  };

  const textOf = (runId: string) => {
    const turn = d.host.running(convId);
    return turn?.runId === runId ? turn.watch.text : "";
  };

  /** The turn's container, replaced whole where it is, or appended when this screen has not seen it. */
  const turn = (runId: string) => {
    const run = getRun(d.store, runId);
    const conv = getConversation(d.store, convId);
    if (!run || !conv) return "";
    const agentName = d.crew().get(conv.agentId)?.name ?? conv.agentId;
    const messages = messagesOf(d, run);
    const tools = d.crew().get(conv.agentId)?.tools ?? [];
    const meta = toolMeta(d.store, convId, messages, tools);
    const forkable = !isDelegated(conv);
    // A compaction before this turn's first call is marked at the top of its container (issue 20).
    const compactions = listCompactions(d.store, convId);
    const ctx = { toolStatus: toolStatuses(d, convId), agentName, agentId: conv.agentId, toolMeta: meta, forkable,
      compactions };
    const body = liveTurn(run, messages, ctx, textOf(run.id));
    if (known.has(run.id)) return partial(`#turn-${run.id}`, "outerHTML", body);
    known.add(run.id);
    return partial("#thread", "beforeend", body);
  };

  /** The composer's chips, the approval bar and (on request) the activity column. */
  const parts = (activity: boolean) => {
    const bar = partial("#approval-bar", "outerHTML", approvalBar(listPending(d.store, convId)[0] ?? null));
    const queue = partial("#chips", "innerHTML", chips(listQueue(d.store, convId)));
    if (!activity) return html`${queue}${bar}`;
    const column = boundary(() => convActivity(activityData(d, convId)), "conv-activity", d.log);
    return html`${queue}${bar}${partial("#conv-activity", "outerHTML", column)}`;
  };

  const header = () => {
    const conv = getConversation(d.store, convId);
    return conv ? partial("#chat-header", "outerHTML", chatHeader(conv, headerData(d, conv))) : "";
  };

  /** Only the title: a person may have one of the header's cards open (M-15). */
  const title = () => {
    const conv = getConversation(d.store, convId);
    return conv ? partial("#chat-title", "outerHTML", chatTitle(conv)) : "";
  };

  const render = (s: Signal): UiFrame[] => {
    if (s.type === "jobs" || s.type === "memory" || s.conversation_id !== convId) return [];
    // A canvas was written: the panel shows the stored version, which ends any live preview.
    if (s.type === "artifact") return [{ html: canvasPanelFrame(d, convId).toString() }];
    if (s.type === "event") {
      if (s.event.type === "text_delta") {
        return known.has(s.run_id) ? [{ html: delta(s.run_id, s.event.text).toString() }] : [];
      }
      if (s.event.type === "tool_call_delta") return canvasDelta(s.event);
      if (SILENT.has(s.event.type)) return [];
      return [{ html: html`${turn(s.run_id)}${parts(false)}`.toString() }];
    }
    if (s.type === "conversation") {
      if (!getConversation(d.store, convId)) return [];
      running = !!d.host.running(convId);
      // Not the whole header: the tab that changed the conversation re-reads it, the others get it
      // with the next run's end or a reconnect.
      return [{ html: html`${parts(false)}${title()}`.toString() }, state()];
    }
    running = s.status === "running" || !!d.host.running(convId);
    const end = s.status === "running" ? "" : header();
    return [{ html: html`${turn(s.id)}${end}${parts(true)}`.toString() }, state()];
  };

  return { current: () => convId, title: () => getConversation(d.store, convId)?.title || T.appName, snapshot, render };
}
