// The activity hub (J-04…J-08): running runs held in memory and streamed to every watcher of
// GET /api/activity/stream. A watcher first gets a `snapshot`, then `run`, `event`, `conversation`,
// `artifact` and `jobs` frames. A watcher whose 256-frame queue fills up is cut; its browser
// reconnects and gets a fresh snapshot, so a stalled tab never makes the server buffer everything.
import type { TurnEvent } from "../agent/events.ts";
import { FrameQueue } from "../turns/frame-queue.ts";

export type RunFrame = { id: string; status: string; [key: string]: unknown };

export type ActivityFrame =
  | { type: "snapshot"; runs: RunFrame[] }
  | { type: "run"; run: RunFrame }
  | { type: "event"; run_id: string; conversation_id: string | null; event: TurnEvent }
  | { type: "conversation"; conversation: unknown }
  | { type: "artifact"; artifact: unknown }
  | { type: "jobs" };

/** Token-level events never go on the activity stream (J-06, J-07). */
const STREAM_ONLY = new Set(["text_delta", "thinking", "tool_call_delta"]);

export class ActivityHub {
  private running = new Map<string, RunFrame>();
  private watchers = new Set<FrameQueue<ActivityFrame>>();

  watch(): FrameQueue<ActivityFrame> {
    const q = new FrameQueue<ActivityFrame>((full) => {
      full.close();
      this.watchers.delete(full);
    });
    q.push({ type: "snapshot", runs: [...this.running.values()] });
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
    this.broadcast({ type: "run", run });
  }

  event(runId: string, conversationId: string | null, event: TurnEvent): void {
    if (STREAM_ONLY.has(event.type)) return;
    this.broadcast({ type: "event", run_id: runId, conversation_id: conversationId, event });
  }

  conversation(conversation: unknown): void {
    this.broadcast({ type: "conversation", conversation });
  }

  jobs(): void {
    this.broadcast({ type: "jobs" });
  }

  private broadcast(frame: ActivityFrame): void {
    for (const w of this.watchers) {
      w.push(frame);
      if (w.isClosed) this.watchers.delete(w);
    }
  }
}
