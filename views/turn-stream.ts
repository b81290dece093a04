// A live turn as htmx fragments over SSE: every turn event becomes HTML swapped into #turn-<run id>
// (or a named event for the Alpine layer). The first fragment replaces-or-appends the turn's
// container, so a fresh send, a late viewer and a 256-behind reset all converge on the same DOM.
import { html } from "hono/html";
import type { TurnEvent } from "../src/agent/events.ts";
import type { Approval } from "../src/store/approvals.ts";
import type { Message } from "../src/store/messages.ts";
import type { QueuedMessage } from "../src/store/queue.ts";
import type { Run } from "../src/store/runs.ts";
import { T } from "../src/texts/vi.ts";
import { approvalBar } from "./approval-bar.ts";
import { chip, chips } from "./composer.ts";
import { toolCard } from "./tool-card.ts";
import { messagesHtml, notice, turnHtml, userBubble } from "./thread.ts";

/** What the renderer reads from the store when it needs the truth (start, reset, end). */
export type TurnSource = {
  run(): Run | null;
  messages(afterSeq: number): Message[];
  /** Exactly one run's messages: after its mark, up to the next run's mark (J-14). */
  messagesOf(run: Run): Message[];
  toolStatus(): Map<string, string>;
  queue(): QueuedMessage[];
  pending(): Approval | null;
  agent: { id: string; name: string };
};

/** One SSE message: `html` is swapped into #thread (beforeend); `event` is a named DOM event. */
export type UiFrame = { html: string } | { event: string; data: unknown };

const partial = (target: string, swap: string, body: unknown = "") => html`<hx-partial hx-target="${target}" hx-swap="${swap}">${body}</hx-partial>`;

export class TurnRenderer {
  private seg = 0;
  constructor(private readonly runId: string, private readonly src: TurnSource) {}

  /** The turn's container as stored now, plus a live segment holding `textSoFar`. */
  begin(textSoFar = ""): UiFrame[] {
    const run = this.src.run();
    const stored = run ? this.src.messagesOf(run) : [];
    this.seg++;
    const body = html`${partial(`#turn-${this.runId}`, "delete")}<div class="turn live" id="turn-${this.runId}">${messagesHtml(stored, this.ctx())}${this.segment(textSoFar)}</div>${partial("#chips", "innerHTML", chips(this.src.queue()))}${partial("#approval-bar", "outerHTML", approvalBar(null))}`;
    return [{ event: "turn-start", data: { run_id: this.runId } }, { html: body.toString() }];
  }

  render(e: TurnEvent | { type: "watching" }): UiFrame[] {
    if (e.type === "tool_call") this.args.set(e.id, e.arguments);
    switch (e.type) {
      case "watching":
        return this.begin();
      case "text_delta":
        return [{ html: partial(`#seg-${this.runId}-${this.seg}`, "beforeend", e.text).toString() }];
      case "tool_call":
        return [{ html: this.append(toolCard({ id: e.id, name: e.name, arguments: e.arguments, output: null, status: null })) }];
      case "tool_result":
        return [{ html: partial(`#tc-${cssId(e.id)}`, "outerHTML", toolCard({ id: e.id, name: e.name, arguments: this.argsOf(e.id), output: e.output, status: e.status })).toString() }, { event: "run-changed", data: { run_id: this.runId } }];
      case "steer":
        return [{ html: this.append(userBubble(e.text)) + partial("#chips .chip-steer", "delete").toString() }];
      case "escalated":
        return [{ html: this.append(notice("info", T.escalatedNotice(e.to))) }];
      case "fallback":
        return [{ html: this.append(notice("muted", T.fallbackNotice(e.from))) }];
      case "queued":
        return [{ html: partial("#chips", "beforeend", chip(Number(e.item_id), e.kind, "")).toString() }];
      case "done": case "halted": case "error": case "approval_required": case "question":
        return this.end(e.type, e.type === "error" ? e.message : undefined);
      default:
        return [];
    }
  }

  /** The turn as stored (the client swaps it over its container, or appends it), with chips and bar. */
  snapshot(): string {
    const run = this.src.run();
    if (!run) return "";
    const final = turnHtml(run, this.src.messagesOf(run), this.ctx());
    return html`${final}${partial("#chips", "innerHTML", chips(this.src.queue()))}${partial("#approval-bar", "outerHTML", approvalBar(this.src.pending()))}`.toString();
  }

  private end(status: string, message?: string): UiFrame[] {
    const run = this.src.run();
    if (!run) return [{ event: "turn-end", data: { run_id: this.runId, status } }];
    // The stored run's own notice already says how it ended when it ended as error or cancelled.
    const extra = status === "error" && message && run.status !== "error" && run.status !== "cancelled" ? notice("error", message) : "";
    const final = turnHtml(run, this.src.messagesOf(run), this.ctx(), extra);
    const pending = this.src.pending();
    const body = html`${partial(`#turn-${this.runId}`, "outerHTML", final)}${pending ? partial("#approval-bar", "outerHTML", approvalBar(pending)) : ""}`;
    return [{ html: body.toString() }, { event: "turn-end", data: { run_id: this.runId, status, halt_reason: run.haltReason } }];
  }

  /** New content goes after the current segment, and a fresh segment follows it. */
  private append(content: unknown): string {
    this.seg++;
    return partial(`#turn-${this.runId}`, "beforeend", html`${content}${this.segment("")}`).toString();
  }

  private segment(text: string) {
    const bubble = html`<div class="bubble seg" id="seg-${this.runId}-${this.seg}" hx-ignore x-ignore>${text}</div>`;
    return html`<div class="msg assistant streaming">${bubble}<p class="thinking">${T.thinking}</p></div>`;
  }

  private ctx() {
    return { toolStatus: this.src.toolStatus(), agentName: this.src.agent.name, agentId: this.src.agent.id };
  }

  private args = new Map<string, string>();
  private argsOf(id: string): string {
    return this.args.get(id) ?? "";
  }
}

/** Provider call ids may hold characters a CSS id selector can't take unescaped. */
export function cssId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, (ch) => `\\${ch}`);
}
