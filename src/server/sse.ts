// Server-sent events: one `event: <type>` + `data: <json>` block per frame, a comment heartbeat so
// idle proxies and Bun's idle timeout keep the stream open, and a cleanup hook when the client goes.
// Never gzipped (compress.ts skips text/event-stream): a frame must reach the tab when it is written.

export type Frame = { type: string };

export const HEARTBEAT_MS = 15_000;

/** Streams `frames`; `encode` turns one into its SSE block (JSON frames by default). */
export function sseResponse<F = Frame>(
  frames: AsyncIterable<F>,
  opts: { onClose?: () => void; heartbeatMs?: number; status?: number; encode?: (frame: F) => string } = {},
): Response {
  const encode = opts.encode ?? (encodeFrame as unknown as (frame: F) => string);
  const encoder = new TextEncoder();
  const iterator = frames[Symbol.asyncIterator]();
  let beat: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    void iterator.return?.();
    opts.onClose?.();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      beat = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": ping\n\n"));
        } catch {
          close();
        }
      }, opts.heartbeatMs ?? HEARTBEAT_MS);
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        close();
        return;
      }
      controller.enqueue(encoder.encode(encode(next.value)));
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    status: opts.status ?? 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no",
    },
  });
}

export function encodeFrame(frame: Frame): string {
  return `event: ${frame.type}\ndata: ${JSON.stringify(frame)}\n\n`;
}

/** A finite list of frames as an async iterable (a `queued` answer, a replayed `watching`). */
export async function* framesOf(...frames: Frame[]): AsyncGenerator<Frame> {
  for (const f of frames) yield f;
}
