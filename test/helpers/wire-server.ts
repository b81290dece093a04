// A scripted HTTP server on 127.0.0.1 for provider tests: each request gets the next scripted reply
// (status, headers, a body written chunk by chunk, optionally delayed, left hanging or cut), and every
// request is recorded with its headers, JSON body and whether the client went away before the end.

export type Reply = {
  status?: number;
  headers?: Record<string, string>;
  /** Pause before the status line is sent (to abort while the client waits for headers). */
  respondAfterMs?: number;
  /** Body pieces, each written separately (an event may be split anywhere between pieces). */
  chunks?: string[];
  /** Pause before each piece; a small default keeps pieces from coalescing into one read. */
  delayMs?: number;
  /** After the pieces: finish the body (default), keep it open, or reset every connection and stop. */
  then?: "end" | "hang" | "cut";
};

export type Recorded = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** Resolves when the client closed the request before the server finished the reply. */
  closed: Promise<void>;
  wasClosed: () => boolean;
};

export type WireServer = {
  url: string;
  requests: Recorded[];
  /** Queues replies for the next requests, in order. */
  reply: (...replies: Reply[]) => void;
  stop: () => void;
};

export function startWireServer(): WireServer {
  const queue: Reply[] = [];
  const requests: Recorded[] = [];
  const server: ReturnType<typeof Bun.serve> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const text = await req.text();
      let closedFlag = false;
      let markClosed = () => {};
      const closed = new Promise<void>((resolve) => (markClosed = resolve));
      const close = () => ((closedFlag = true), markClosed());
      req.signal.addEventListener("abort", close);
      const url = new URL(req.url);
      requests.push({
        method: req.method,
        path: url.pathname,
        headers: Object.fromEntries(req.headers),
        body: parse(text),
        closed,
        wasClosed: () => closedFlag,
      });
      const reply = queue.shift() ?? { status: 500, chunks: ['{"error":{"message":"wire-server: no scripted reply"}}'] };
      if (reply.respondAfterMs) await Promise.race([Bun.sleep(reply.respondAfterMs), closed]);
      return respond(reply, () => server.stop(true), close);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    stop: () => server.stop(true),
  };
}

function respond(reply: Reply, cut: () => void, onCancel: () => void): Response {
  const encoder = new TextEncoder();
  const chunks = reply.chunks ?? [];
  const delay = reply.delayMs ?? 2;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        await Bun.sleep(delay);
        if (!open) return;
        controller.enqueue(encoder.encode(chunk));
      }
      await Bun.sleep(delay);
      if (reply.then === "cut") cut();
      else if (reply.then !== "hang" && open) controller.close();
    },
    cancel() {
      open = false;
      onCancel();
    },
  });
  const status = reply.status ?? 200;
  const type = status === 200 ? "text/event-stream" : "application/json";
  return new Response(body, { status, headers: { "content-type": type, ...reply.headers } });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One SSE event: `data:` with the JSON (or a raw string such as [DONE]), named when `event` is given. */
export function sse(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
}

/** Cuts a text into pieces of `size` characters, to split events (and JSON strings) anywhere. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A port nothing listens on (a server was there a moment ago). */
export function closedPort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = s.port!;
  s.stop(true);
  return port;
}
