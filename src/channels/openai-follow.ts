// Follows one run for the OpenAI door: its text as it is written and how it ended, through its pauses.
// A decision in the web UI (or the expiry sweep) continues the same run id, so the follower keeps
// listening until the run ends, the wait for an answer runs out, the conversation goes, or it is cut.
import type { ActivityHub } from "../activity/hub.ts";
import type { TurnEvent } from "../agent/events.ts";
import { getConversation } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { SWEEP_MS } from "../turns/expiry.ts";

export type RunEnd =
  | { kind: "done" }
  | { kind: "halted"; reason: "budget" | "max_steps" | "loop" }
  | { kind: "error" }
  /** Nobody answered the approval or question before the wait ran out. */
  | { kind: "unanswered"; question: boolean }
  /** The conversation was deleted while the run waited. */
  | { kind: "gone" };

export type Followed = { type: "text"; text: string } | { type: "end"; end: RunEnd };

export type FollowDeps = { hub: ActivityHub; store: Store };

/** Past an answer's deadline the sweep needs up to SWEEP_MS to expire it and continue the run. */
export const ANSWER_GRACE_MS = SWEEP_MS + 5_000;

/**
 * Starts listening at once: call it before the run can emit anything that matters. Events before the
 * first await of a fresh turn only close calls an earlier turn left open, and carry no text.
 * Text stretches split by tool calls are joined with a blank line. Iterate it once.
 */
export function followRun(
  d: FollowDeps,
  run: { runId: string; conversationId: string },
  signal: AbortSignal,
  graceMs = ANSWER_GRACE_MS,
): AsyncIterable<Followed> {
  const q = new TextQueue(() => cut());
  let wrote = false;
  let broken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = (end: RunEnd | null) => {
    clearTimeout(timer);
    unlisten();
    signal.removeEventListener("abort", cut);
    q.close(end);
  };
  const cut = () => finish(null);
  const onEvent = (e: TurnEvent) => {
    clearTimeout(timer);
    if (e.type === "text_delta" && e.text) {
      q.text((wrote && broken ? "\n\n" : "") + e.text);
      wrote = true;
      broken = false;
    } else if (e.type === "tool_call" || e.type === "tool_result") broken = true;
    else if (e.type === "approval_required" || e.type === "question") {
      const wait = Math.max(0, Date.parse(e.deadline_at) - Date.now()) + graceMs;
      timer = setTimeout(() => finish({ kind: "unanswered", question: e.type === "question" }), wait);
    } else if (e.type === "done") finish({ kind: "done" });
    else if (e.type === "halted") finish({ kind: "halted", reason: e.reason });
    else if (e.type === "error") finish({ kind: "error" });
  };
  const unlisten = d.hub.listen((s) => {
    if (s.type === "event" && s.run_id === run.runId) onEvent(s.event);
    // Continued after a decision: a slow tool may stay silent past the deadline, yet nobody waits now.
    else if (s.type === "run" && s.id === run.runId && s.status === "running") clearTimeout(timer);
    else if (s.type === "conversation" && s.conversation_id === run.conversationId) {
      if (!getConversation(d.store, run.conversationId)) finish({ kind: "gone" });
    }
  });
  signal.addEventListener("abort", cut);
  if (signal.aborted) cut();
  return q;
}

/** Unbounded in count, bounded by the reply: consecutive texts merge, so a slow reader costs only text. */
class TextQueue implements AsyncIterable<Followed> {
  private items: Followed[] = [];
  private waiter: ((r: IteratorResult<Followed>) => void) | null = null;
  private closed = false;

  /** `onReturn`: the reader stopped early, so the follower stops listening. */
  constructor(private readonly onReturn: () => void) {}

  text(text: string): void {
    const last = this.items.at(-1);
    if (last?.type === "text") last.text += text;
    else this.push({ type: "text", text });
  }

  /** Ends the queue; `end` null means cut (the caller went away): no end item. */
  close(end: RunEnd | null): void {
    if (this.closed) return;
    if (end) this.push({ type: "end", end });
    this.closed = true;
    this.waiter?.({ value: undefined, done: true });
    this.waiter = null;
  }

  private push(item: Followed): void {
    if (this.closed) return;
    const w = this.waiter;
    this.waiter = null;
    if (w) w({ value: item, done: false });
    else this.items.push(item);
  }

  [Symbol.asyncIterator](): AsyncIterator<Followed> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiter = resolve));
      },
      return: async () => {
        this.items = [];
        this.onReturn();
        this.close(null);
        return { value: undefined, done: true };
      },
    };
  }
}
