// An OpenAI-format provider on 127.0.0.1 whose answers the test scripts, and whose tool-call arguments
// arrive in pieces the test releases one by one (`step()`), so a browser test can look at the screen
// between two pieces without sleeping. A request with nothing scripted is answered "OK".

export type SteppedAnswer = { text: string } | { tool: string; pieces: string[] };

export type SteppedProvider = {
  /** Base URL for OPENAI_BASE_URL. */
  url: string;
  /** Queues answers for the next requests, in order. */
  answer: (...a: SteppedAnswer[]) => void;
  /** Releases the next held piece of arguments. */
  step: () => void;
  /** Every request's messages, in order. */
  requests: { role: string; content?: string | null }[][];
  stop: () => void;
};

export function startSteppedProvider(): SteppedProvider {
  const queue: SteppedAnswer[] = [];
  const requests: SteppedProvider["requests"] = [];
  let released = 0;
  let wake = () => {};
  const turn = async (n: number) => {
    while (released < n) await new Promise<void>((r) => (wake = r));
  };
  let needed = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(req) {
      if (req.method !== "POST" || !new URL(req.url).pathname.endsWith("/chat/completions")) {
        return new Response(null, { status: 404 });
      }
      requests.push(((await req.json()) as { messages: SteppedProvider["requests"][number] }).messages);
      const a = queue.shift() ?? { text: "OK" };
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const send = (delta: object, finish: string | null = null) => controller.enqueue(enc.encode(
            `data: ${JSON.stringify({ id: "s", object: "chat.completion.chunk",
              choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`));
          try {
            if ("text" in a) {
              send({ role: "assistant", content: a.text });
              send({}, "stop");
            } else {
              const id = `call_${crypto.randomUUID().slice(0, 8)}`;
              const first = { index: 0, id, type: "function", function: { name: a.tool, arguments: a.pieces[0] } };
              send({ role: "assistant", tool_calls: [first] });
              for (const piece of a.pieces.slice(1)) {
                await turn(++needed);
                send({ tool_calls: [{ index: 0, function: { arguments: piece } }] });
              }
              send({}, "tool_calls");
            }
            controller.enqueue(enc.encode("data: [DONE]\n\n"));
            controller.close();
          } catch {
            // The client went away: nothing more to send.
          }
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    answer: (...a) => queue.push(...a),
    step: () => {
      released += 1;
      wake();
    },
    requests,
    stop: () => server.stop(true),
  };
}
