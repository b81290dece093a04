// Bounded capture of one output stream of shell_run: the first and last halves of the cap are kept and
// the size of what was dropped in between is stated, so a huge log costs no memory and still shows how
// it began and how it ended.

/** Per stream (stdout, stderr), per the default numbers. */
export const STREAM_CAP_BYTES = 64 * 1024;

/** Counts pushes across every stream of the process, so two streams of one command tell which wrote last. */
let pushes = 0;

export class CappedOutput {
  private head: Uint8Array[] = [];
  private headLen = 0;
  private tail: Uint8Array[] = [];
  private tailLen = 0;
  /** Every byte the stream produced, kept or not. */
  total = 0;
  /** The order of this stream's latest push among all streams (0: none yet). */
  lastPush = 0;

  constructor(private readonly cap = STREAM_CAP_BYTES) {}

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.lastPush = ++pushes;
    this.total += chunk.length;
    const half = Math.floor(this.cap / 2);
    if (this.headLen < half) {
      const take = chunk.subarray(0, half - this.headLen);
      this.head.push(take);
      this.headLen += take.length;
      chunk = chunk.subarray(take.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailLen += chunk.length;
    // The tail keeps at most the other half of the cap: drop whole chunks, then cut the first one.
    const keep = this.cap - half;
    while (this.tailLen - this.tail[0].length >= keep) this.tailLen -= this.tail.shift()!.length;
    if (this.tailLen > keep) {
      this.tail[0] = this.tail[0].subarray(this.tailLen - keep);
      this.tailLen = keep;
    }
  }

  text(): string {
    const decode = (parts: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(parts));
    const dropped = this.total - this.headLen - this.tailLen;
    if (dropped === 0) return decode([...this.head, ...this.tail]);
    return `${decode(this.head)}\n[... ${dropped} bytes dropped from the middle (${this.total} bytes in all; the ` +
        `first and last ${this.cap / 2 / 1024} KB are shown) ...]\n${decode(this.tail)}`;
  }
}

/**
 * Reads a stream into `out` until it ends or `stop` resolves. Stopping matters when a background
 * process keeps the pipe open after the command itself has exited.
 */
export async function drain(stream: ReadableStream<Uint8Array>, out: CappedOutput, stop: Promise<void>): Promise<void> {
  const reader = stream.getReader();
  void stop.then(() => reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      out.push(value);
    }
  } catch {
    // A cancelled or broken pipe ends the capture; what was read so far is kept.
  }
}
