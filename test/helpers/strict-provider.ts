// A strict OpenAI-format provider on 127.0.0.1 (issue 10): POST …/chat/completions answers as SSE, but a
// history in which an assistant tool call has no result (or a tool message answers no call) gets a 400,
// worded like the real API's, because the real OpenAI and Anthropic APIs refuse exactly that. The check is
// written here again, independently of src/llm/history.ts, so a bug there cannot hide itself.
//
// Answers, like fake:echo: a last user message `/tool <name> <json>` → that tool call; a last tool message
// → text about its result; any other user message → its text echoed, streamed in pieces `pieceMs` apart.

type Call = { id: string; function: { name: string; arguments: string } };
type Msg = { role: string; content?: string | null; tool_calls?: Call[]; tool_call_id?: string };

export type StrictProvider = {
  /** Base URL to put in OPENAI_BASE_URL. */
  url: string;
  /** Every request's messages, in order. */
  requests: Msg[][];
  /** Why each refused request was refused. */
  refusals: string[];
  stop: () => void;
};

const TOOL = /^\/tool\s+([A-Za-z0-9_.-]+)\s*([\s\S]*)$/;

export function startStrictProvider(opts: { pieceMs?: number } = {}): StrictProvider {
  const requests: Msg[][] = [];
  const refusals: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (req.method !== "POST" || !path.endsWith("/chat/completions")) return new Response(null, { status: 404 });
      const body = (await req.json()) as { messages: Msg[] };
      requests.push(body.messages);
      const wrong = invalidHistory(body.messages);
      if (wrong) {
        refusals.push(wrong);
        const error = { message: wrong, type: "invalid_request_error", param: "messages", code: null };
        return Response.json({ error }, { status: 400 });
      }
      const headers = { "content-type": "text/event-stream" };
      return new Response(stream(answer(body.messages), opts.pieceMs ?? 30), { headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, refusals, stop: () => server.stop(true) };
}

/** The real API's rule: tool results follow their assistant message at once, one per call, none spare. */
export function invalidHistory(messages: Msg[]): string | null {
  let open: string[] = [];
  for (const m of messages) {
    if (m.role === "tool") {
      if (!open.includes(m.tool_call_id ?? "")) return ORPHAN;
      open = open.filter((id) => id !== m.tool_call_id);
      continue;
    }
    if (open.length > 0) return unanswered(open);
    open = m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : [];
  }
  return open.length > 0 ? unanswered(open) : null;
}

// The real API's words for the two refusals.
const ORPHAN =
  "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
function unanswered(ids: string[]): string {
  return (
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. " +
    `The following tool_call_ids did not have response messages: ${ids.join(", ")}`
  );
}

type Answer = { text: string } | { tool: { name: string; args: string } };

function answer(messages: Msg[]): Answer {
  const last = messages[messages.length - 1];
  if (last?.role === "tool") return { text: `Done: ${(last.content ?? "").split("\n")[0]}` };
  // A memory block before the message (src/memory/blocks.ts) is context: the owner's words follow it.
  const words = (last?.content ?? "").replace(/^<memory>\n[\s\S]*\n<\/memory>\n\n/, "");
  const text = last?.role === "user" ? words : "(nothing to answer)";
  const m = TOOL.exec(text.trim());
  return m ? { tool: { name: m[1]!, args: m[2]!.trim() || "{}" } } : { text };
}

function stream(a: Answer, pieceMs: number): ReadableStream<Uint8Array> {
  const event = (data: object) => {
    return `data: ${JSON.stringify({ id: "strict", object: "chat.completion.chunk", ...data })}\n\n`;
  };
  const chunk = (delta: object, finish: string | null = null) => {
    return event({ choices: [{ index: 0, delta, finish_reason: finish }] });
  };
  const pieces: string[] = [];
  if ("tool" in a) {
    const fn = { name: a.tool.name, arguments: a.tool.args };
    const call = { index: 0, id: `call_${crypto.randomUUID().slice(0, 8)}`, type: "function", function: fn };
    pieces.push(chunk({ role: "assistant", tool_calls: [call] }), chunk({}, "tool_calls"));
  } else {
    const words = (a.text.match(/\S+\s*/g) ?? [a.text]).map((t) => chunk({ content: t }));
    pieces.push(chunk({ role: "assistant", content: "" }), ...words, chunk({}, "stop"));
  }
  pieces.push(event({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 5 } }), "data: [DONE]\n\n");
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      try {
        for (const p of pieces) {
          controller.enqueue(encoder.encode(p));
          await Bun.sleep(pieceMs);
        }
        controller.close();
      } catch {
        // The client went away (a kill mid-stream): nothing more to send.
      }
    },
  });
}
