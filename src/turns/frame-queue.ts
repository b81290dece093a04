// A bounded queue of frames for one viewer of a live stream (a tab watching a turn, an activity
// watcher). The server never holds unbounded memory for a slow reader: when the queue is full the
// owner decides — replace the backlog with a fresh frame (TurnWatch, B-05) or cut the viewer (J-08).

export const VIEWER_QUEUE_LIMIT = 256;

export class FrameQueue<T> {
  private items: T[] = [];
  private waiting: ((v: IteratorResult<T>) => void) | null = null;
  private closed = false;

  constructor(private readonly onOverflow: (q: FrameQueue<T>) => void, readonly limit = VIEWER_QUEUE_LIMIT) {}

  push(item: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ value: item, done: false });
      return;
    }
    if (this.items.length >= this.limit) {
      this.onOverflow(this);
      if (this.closed) return;
    }
    this.items.push(item);
  }

  /** Drops the backlog and starts over from `item` (a fresh snapshot of the truth). */
  reset(item: T): void {
    this.items = [item];
  }

  get size(): number {
    return this.items.length;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = null;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item !== undefined) return Promise.resolve({ value: item, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return { next: () => this.next(), return: async () => (this.close(), { value: undefined, done: true }) };
  }
}
