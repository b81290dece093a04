// Reads an SSE response as the browser would: `event:` + `data:` blocks, parsed as JSON frames.
export type Frame = { type: string; [key: string]: any };

export async function* frames(res: Response): AsyncGenerator<Frame> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += value;
      let at: number;
      while ((at = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
        if (data) yield JSON.parse(data) as Frame;
      }
    }
  } finally {
    reader.releaseLock();
    await res.body!.cancel().catch(() => {});
  }
}

/** Every frame until the stream ends (or `until` matches, inclusive), with a timeout. */
export async function collect(res: Response, until?: (f: Frame) => boolean, timeoutMs = 10_000): Promise<Frame[]> {
  const out: Frame[] = [];
  const work = (async () => {
    for await (const f of frames(res)) {
      out.push(f);
      if (until?.(f)) return;
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SSE timed out after ${out.length} frames: ${JSON.stringify(out.slice(-3))}`)), timeoutMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return out;
}

export const isEnd = (f: Frame) => ["done", "halted", "error", "approval_required", "question", "queued"].includes(f.type);
