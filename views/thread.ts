// #thread (M-18, M-19): the stored conversation grouped by run, each run in `#turn-<run id>` so a
// live stream can replace exactly its run. Assistant text is marked `data-md` and rendered as
// Markdown (sanitised) in the browser; user text is shown as typed. Bubbles carry hx-ignore and
// x-ignore: whatever the text holds, htmx and Alpine never act on it (docs/chat.md). Every message stays
// shown; where the model reads a summary instead, a marker says so (views/compaction-mark.ts).
import { html, raw } from "hono/html";
import type { Message } from "../src/models/messages.ts";
import type { Run } from "../src/models/runs.ts";
import { T } from "../src/texts/vi.ts";
import { marksBetween, type CompactionMark } from "./compaction-mark.ts";
import { forkButton } from "./fork.ts";
import { toolCard, type ToolCardData } from "./tool-card.ts";

type Html = ReturnType<typeof html>;
export type ThreadData = {
  messages: Message[];
  runs: Run[];
  toolStatus: Map<string, string>;
  agentName: string;
  agentId: string;
  /** The run a turn is running now, rendered live with the text written so far. */
  liveRunId?: string;
  liveText?: string;
  /** Per call id: the tool's summary, duration and cost for its card (absent: the card shows less). */
  toolMeta?: Map<string, ToolMeta>;
  /** User messages offer edit-and-resend (M-31): not in a delegated child. */
  forkable?: boolean;
  /** Where the model reads a summary instead of the older turns: a marker before the next message. */
  compactions?: CompactionMark[];
};
export type ToolMeta = Pick<ToolCardData, "summary" | "durationMs" | "costUsd">;

export function thread(d: ThreadData) {
  return html`<div id="thread" class="thread" data-agent="${d.agentId}" aria-live="polite">${threadBody(d)}</div>`;
}

export function threadBody(d: ThreadData): Html[] {
  const runs = [...d.runs]
    .filter((r) => r.afterSeq !== null)
    .sort((a, b) => a.afterSeq! - b.afterSeq! || a.startedAt.localeCompare(b.startedAt));
  const out: Html[] = [];
  const first = runs[0]?.afterSeq ?? Infinity;
  out.push(...messagesHtml(d.messages.filter((m) => m.seq <= first), d));
  runs.forEach((r, i) => {
    const until = runs[i + 1]?.afterSeq ?? Infinity;
    const messages = d.messages.filter((m) => m.seq > r.afterSeq! && m.seq <= until);
    out.push(r.id === d.liveRunId ? liveTurn(r, messages, d, d.liveText ?? "") : turnHtml(r, messages, d));
  });
  return out;
}

type TurnViewData = Pick<ThreadData, "toolStatus" | "agentName" | "agentId" | "toolMeta" | "forkable" | "compactions">;

export function turnHtml(r: Run, messages: Message[], d: TurnViewData, extra: Html | string = "") {
  const body = messagesHtml(messages, d, r.status === "waiting" ? "waiting" : null, startOf(r, messages));
  const resumed = r.resumed ? notice("info", T.resumedNote) : "";
  const end = html`${resumed}${runNotice(r)}${extra}`;
  return html`<div class="turn" id="turn-${r.id}" data-status="${r.status}">${body}${end}</div>`;
}

type ToolCall = { id: string; name: string; arguments: string };

/** `open`: what a call without a result shows — still running, or waiting for the owner. `after`: the seq
 * just before the first message, so a compaction that ends there is marked before it. */
export function messagesHtml(messages: Message[], d: TurnViewData, open: string | null = null, after = 0): Html[] {
  const results = new Map(messages.filter((m) => m.role === "tool").map((m) => [m.toolCallId ?? "", m]));
  const out: Html[] = [];
  let previous = after;
  for (const m of messages) {
    out.push(...marksBetween(d.compactions, previous, m.seq));
    previous = m.seq;
    if (m.role === "user") out.push(userBubble(m.content, `m-${m.id}`, d.forkable ? forkButton(m.id) : ""));
    if (m.role !== "assistant") continue;
    if (m.content.trim()) out.push(assistantBubble(m.content, `m-${m.id}`));
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as ToolCall[]) : [];
    for (const c of calls) {
      const r = results.get(c.id);
      const status = r ? d.toolStatus.get(c.id) ?? "done" : open;
      const output = r?.content ?? null;
      out.push(toolCard({ id: c.id, name: c.name, arguments: c.arguments, output, status, ...d.toolMeta?.get(c.id) }));
    }
  }
  return out;
}

export function userBubble(text: string, id?: string, below: Html | string = "") {
  const attr = id ? raw(` id="${id}"`) : "";
  return html`<div class="msg user"${attr}><div class="bubble" hx-ignore x-ignore>${text}</div>${below}</div>`;
}

export function assistantBubble(text: string, id?: string) {
  const attr = id ? raw(` id="${id}"`) : "";
  return html`<div class="msg assistant"${attr}><div class="bubble md" data-md hx-ignore x-ignore>${text}</div></div>`;
}

/** How a run ended, when that needs saying under its messages (M-18). */
export function runNotice(r: Pick<Run, "status" | "haltReason" | "summary">) {
  const halted = T.noticeHalted[r.haltReason ?? "max_steps"];
  if (r.status === "halted") return notice("warn", halted, r.haltReason === "budget");
  if (r.status === "error") return notice("error", r.summary || T.noticeError);
  if (r.status === "cancelled") return notice("muted", T.turnStopped);
  return "";
}

export function notice(kind: "warn" | "error" | "muted" | "info", text: string, budget = false) {
  return html`<p class="notice notice-${kind}"${budget ? raw(' data-budget') : ""}>${text}</p>`;
}

/** A run's container: a running one holds its stored messages and a live segment with `text`. */
export function liveTurn(run: Run, messages: Message[], ctx: TurnViewData, text: string): Html {
  if (run.status !== "running") return turnHtml(run, messages, ctx);
  const stored = messagesHtml(messages, ctx, null, startOf(run, messages));
  return html`<div class="turn live" id="turn-${run.id}" data-status="running">${stored}${segment(run.id, text)}</div>`;
}

/** The seq a run's messages follow (its mark; without one, the seq before its first message). */
function startOf(r: Pick<Run, "afterSeq">, messages: Message[]) {
  return r.afterSeq ?? (messages[0]?.seq ?? 1) - 1;
}

function segment(runId: string, text: string) {
  const bubble = html`<div class="bubble seg" id="seg-${runId}" hx-ignore x-ignore>${text}</div>`;
  return html`<div class="msg assistant streaming">${bubble}<p class="thinking">${T.thinking}</p></div>`;
}
