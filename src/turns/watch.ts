// TurnWatch (B-03…B-06): the events of one live turn, fanned out to every viewer. A late viewer gets
// a `watching` frame, the text written so far, then live events; a viewer more than 256 events behind
// gets its backlog replaced by a fresh `watching` frame. The text so far lives only in memory.
import type { TurnEvent } from "../agent/events.ts";
import { FrameQueue, VIEWER_QUEUE_LIMIT } from "./frame-queue.ts";

/** What a viewer of a conversation's turn receives: the one contract plus the watching frame. */
export type WatchFrame = TurnEvent | { type: "watching"; conversation: unknown; running: boolean };

export class TurnWatch {
  private viewers = new Set<FrameQueue<WatchFrame>>();
  private textSoFar = "";
  private ended = false;
  /** Events published before the first viewer attached (a turn can end before its sender reads). */
  private early: TurnEvent[] | null = [];
  private earlyOverflow = false;

  /** `snapshot` renders the conversation as stored right now (called on attach and on overflow). */
  constructor(private readonly snapshot: () => unknown) {}

  get text(): string {
    return this.textSoFar;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  publish(event: TurnEvent): void {
    if (event.type === "text_delta") this.textSoFar += event.text;
    // A new model call after tools starts a new stretch of text; stored messages hold the earlier one.
    if (event.type === "tool_call" || event.type === "tool_result") this.textSoFar = "";
    if (this.early) {
      if (this.early.length >= VIEWER_QUEUE_LIMIT) {
        this.early = [];
        this.earlyOverflow = true;
      }
      this.early.push(event);
    }
    for (const v of this.viewers) v.push(event);
    const t = event.type;
    if (t === "done" || t === "halted" || t === "error" || t === "approval_required" || t === "question") {
      this.end();
    }
  }

  /** The model call's text is stored now: the stored message shows it, so the text so far starts over. */
  textStored(): void {
    this.textSoFar = "";
  }

  /** The first viewer (the tab that sent the message) sees every event from the start. */
  attachFirst(): FrameQueue<WatchFrame> {
    const early = this.early ?? [];
    const overflow = this.earlyOverflow;
    this.early = null;
    return this.add(false, overflow ? [this.watching(), ...early] : early);
  }

  /** A late viewer (B-04): watching frame, the text so far, then what comes. */
  attach(): FrameQueue<WatchFrame> {
    return this.add(true, []);
  }

  private add(late: boolean, replay: WatchFrame[]): FrameQueue<WatchFrame> {
    const q = new FrameQueue<WatchFrame>((full) => full.reset(this.watching()));
    if (late) {
      q.push(this.watching());
      if (this.textSoFar) q.push({ type: "text_delta", text: this.textSoFar });
    }
    for (const f of replay) q.push(f);
    if (this.ended) q.close();
    else this.viewers.add(q);
    return q;
  }

  private watching(): WatchFrame {
    return { type: "watching", conversation: this.snapshot(), running: !this.ended };
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const v of this.viewers) v.close();
    this.viewers.clear();
  }
}
