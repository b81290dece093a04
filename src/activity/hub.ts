// The activity hub (J-04…J-08): running runs, small frames to every /api/activity/stream watcher (one cut
// when 256 behind; it reconnects to a fresh snapshot), and synchronous in-order signals, tokens included,
// to in-process listeners such as a chat screen's live stream.
import type { TurnEvent } from "../agent/events.ts";
import { FrameQueue } from "../turns/frame-queue.ts";

/** A run changed: who reads it fetches what it needs (GET /api/activity/runs/<id> for the steps). */
export type RunFrame = { id: string; status: string; conversation_id: string | null };

export type ActivityFrame =
  | { type: "snapshot"; runs: unknown[] }
  | { type: "run"; run: RunFrame }
  | { type: "event"; run_id: string; conversation_id: string | null; event: TurnEvent }
  | { type: "conversation"; conversation: unknown }
  | { type: "artifact"; artifact: unknown }
  | { type: "jobs" };

/** What changed: a listener reads the truth itself, so nothing is computed here that is not sent. */
export type Signal =
  | { type: "run"; id: string; status: string; conversation_id: string | null }
  | { type: "event"; run_id: string; conversation_id: string | null; event: TurnEvent }
  | { type: "conversation"; conversation_id: string }
  /** A canvas got a new version (or was created): screens showing it re-read it. */
  | { type: "artifact"; canvas_id: string; conversation_id: string | null }
  /** The job list changed (I-35, I-36): listeners re-read it. */
  | { type: "jobs" };

/** Token-level events never go on the activity stream (J-06, J-07). */
const STREAM_ONLY = new Set(["text_delta", "thinking", "tool_call_delta"]);

export class ActivityHub {
  private running = new Map<string, RunFrame>();
  private watchers = new Set<FrameQueue<ActivityFrame>>();
  private listeners = new Set<(s: Signal) => void>();

  /** Calls `fn` on every change, in order; returns the function that stops it. */
  listen(fn: (s: Signal) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** `snapshot` is the watcher's own opening frame, computed once, when it connects. */
  watch(snapshot: () => ActivityFrame): FrameQueue<ActivityFrame> {
    const q = new FrameQueue<ActivityFrame>((full) => {
      full.close();
      this.watchers.delete(full);
    });
    q.push(snapshot());
    this.watchers.add(q);
    return q;
  }

  unwatch(q: FrameQueue<ActivityFrame>): void {
    q.close();
    this.watchers.delete(q);
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  runningRuns(): RunFrame[] {
    return [...this.running.values()];
  }

  /** A run changed at a step boundary: kept while running, dropped once finished. */
  run(run: RunFrame): void {
    if (run.status === "running") this.running.set(run.id, run);
    else this.running.delete(run.id);
    this.signal({ type: "run", ...run });
    this.broadcast({ type: "run", run });
  }

  event(runId: string, conversationId: string | null, event: TurnEvent): void {
    this.signal({ type: "event", run_id: runId, conversation_id: conversationId, event });
    if (STREAM_ONLY.has(event.type)) return;
    this.broadcast({ type: "event", run_id: runId, conversation_id: conversationId, event });
  }

  /** A conversation changed (its settings, its queue, a decision, a delete). */
  conversation(conversation: { id: string; [key: string]: unknown }): void {
    this.signal({ type: "conversation", conversation_id: conversation.id });
    this.broadcast({ type: "conversation", conversation });
  }

  /** A canvas was written (an agent's tool, the owner's save, a restore): the frame carries the record. */
  artifact(artifact: { id: string; conversation_id: string | null; [key: string]: unknown }): void {
    this.signal({ type: "artifact", canvas_id: artifact.id, conversation_id: artifact.conversation_id });
    this.broadcast({ type: "artifact", artifact });
  }

  /** The clock re-read the crew's schedules or a job's `failing` changed (I-35, I-36): everyone re-reads. */
  jobs(): void {
    this.signal({ type: "jobs" });
    this.broadcast({ type: "jobs" });
  }

  /** A pause toggle or a chat schedule's delete: open screens follow, API clients re-read later (I-36). */
  jobsTouched(): void {
    this.signal({ type: "jobs" });
  }

  private signal(s: Signal): void {
    for (const fn of this.listeners) fn(s);
  }

  private broadcast(frame: ActivityFrame): void {
    for (const w of this.watchers) {
      w.push(frame);
      if (w.isClosed) this.watchers.delete(w);
    }
  }
}
