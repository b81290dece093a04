// Fake providers that run the whole stack without a key. `fake:echo` echoes the last
// user message; `/tool <name> {json}` makes it call that tool for real, through the real gate;
// `fake:paid` does the same at $0.01 a call. Images sent with a message are named in the echo; max tokens cut it.
// `scriptedProvider` replays a planned queue of replies, tool calls and errors for tests.
import type { ChatMessage, ModelRequest, Provider, ProviderError, StreamItem, Usage } from "./types.ts";

const TOOL_COMMAND = /^\/tool\s+([A-Za-z0-9_.-]+)\s*([\s\S]*)$/;
/** The memory block my-crew puts before an opening message (src/memory/blocks.ts): context, not the words to
 * echo or the command to run. Greedy: a summary inside it may quote an earlier block. */
const MEMORY_BLOCK = /^<memory>\n[\s\S]*\n<\/memory>\n\n/;

export function echoProvider(): Provider {
  return {
    name: "fake",
    free: true,
    // No speech model behind it: the transcript names the file, so a channel can be run end to end.
    transcribe: async (req) => ({ ok: true, text: `(fake transcript of ${req.filename})`, usage: null }),
    async *stream(req: ModelRequest) {
      const lastMsg = req.messages[req.messages.length - 1];
      const reply = echoReply(req.messages);
      // A model calls only tools it was offered: a side call (a title) offers none, so it echoes.
      if (reply.tool && lastMsg?.role === "user" && req.tools.length > 0 && req.toolChoice !== "none") {
        const id = `call_${crypto.randomUUID().slice(0, 8)}`;
        yield { kind: "tool_call_delta", index: 0, id, name: reply.tool.name, args: reply.tool.args };
        yield usageOf(req, reply.tool.args);
        yield { kind: "end", reason: "tool_calls" };
        return;
      }
      // Like a real model, it stops at the request's max tokens (4 characters a token).
      const text = req.maxTokens ? reply.text.slice(0, req.maxTokens * 4) : reply.text;
      for (const piece of chunks(text)) {
        if (req.signal.aborted) {
          yield { kind: "error", error: { kind: "aborted", message: "stopped", transient: false } };
          return;
        }
        yield { kind: "text", text: piece };
        await Bun.sleep(0);
      }
      yield usageOf(req, text);
      yield { kind: "end", reason: text.length < reply.text.length ? "length" : "stop" };
    },
  };
}

function echoReply(messages: readonly ChatMessage[]): { text: string; tool?: { name: string; args: string } } {
  const last = messages[messages.length - 1];
  if (last?.role === "tool") return { text: `${last.name}: ${last.content}` };
  const user = messages.findLast((m) => m.role === "user");
  const text = (user?.content ?? "").replace(MEMORY_BLOCK, "");
  const m = TOOL_COMMAND.exec(text.trim());
  if (m) return { text, tool: { name: m[1]!, args: m[2]!.trim() || "{}" } };
  // Images are named, not described: enough for a test to see that they arrived.
  const images = user?.role === "user" && user.images?.length ? ` [images: ${user.images.map((i) => i.mime)}]` : "";
  return { text: (text || "(empty message)") + images };
}

function chunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** `fake:paid…` reports $0.01 per call, so budgets and the ledger can be seen working without a key. */
export const FAKE_PAID_USD = 0.01;

function usageOf(req: ModelRequest, out: string): StreamItem {
  const input = Math.ceil((req.system.length + req.messages.reduce((n, m) => n + m.content.length, 0)) / 4);
  const costUsd = req.model.startsWith("paid") ? FAKE_PAID_USD : undefined;
  const outputTokens = Math.ceil(out.length / 4);
  return { kind: "usage", usage: { inputTokens: input, outputTokens, cachedTokens: 0, reasoningTokens: 0, costUsd } };
}

/** One planned answer of the scripted fake. */
export type ScriptedReply = {
  text?: string | string[];
  thinking?: string;
  toolCalls?: { name: string; args: unknown; id?: string }[];
  usage?: Partial<Usage>;
  /** Fail instead of (or, with `text`, after) answering. */
  error?: Partial<ProviderError> & { message: string };
  /** Raw items, for shapes the fields above can't express. */
  items?: StreamItem[];
};

export type ScriptedProvider = Provider & {
  requests: ModelRequest[];
  /** What transcribe() was sent: the planned replies serve transcriptions too (text or error). */
  transcriptions: { model: string; filename: string; bytes: number }[];
  remaining(): number;
};

export function scriptedProvider(plan: ScriptedReply[], name = "scripted", free = false): ScriptedProvider {
  const queue = [...plan];
  const requests: ModelRequest[] = [];
  const transcriptions: ScriptedProvider["transcriptions"] = [];
  return {
    name,
    free,
    requests,
    transcriptions,
    remaining: () => queue.length,
    async transcribe(req) {
      transcriptions.push({ model: req.model, filename: req.filename, bytes: req.audio.size });
      const r = queue.shift();
      if (!r) return { ok: false, error: { kind: "stream", message: "no more planned replies", transient: false } };
      if (r.error) return { ok: false, error: { kind: "http", transient: false, ...r.error } };
      const text = typeof r.text === "string" ? r.text : (r.text ?? []).join("");
      const usage = { inputTokens: 10, outputTokens: 5, cachedTokens: 0, reasoningTokens: 0, ...r.usage };
      return { ok: true, text, usage };
    },
    async *stream(req: ModelRequest) {
      requests.push(structuredClone({ ...req, signal: undefined }) as unknown as ModelRequest);
      const reply = queue.shift();
      if (!reply) {
        const message = "scripted provider: no more planned replies";
        yield { kind: "error", error: { kind: "stream", message, transient: false } };
        return;
      }
      yield* replay(reply);
    },
  };
}

function* replay(r: ScriptedReply): Generator<StreamItem> {
  if (r.items) return yield* r.items;
  if (r.thinking) yield { kind: "thinking", text: r.thinking };
  for (const t of typeof r.text === "string" ? [r.text] : r.text ?? []) yield { kind: "text", text: t };
  if (r.error) {
    const e = r.error;
    const transient = e.transient ?? false;
    const kind = e.kind ?? "http";
    yield { kind: "error", error: { kind, message: e.message, status: e.status, code: e.code, transient } };
    return;
  }
  for (const [index, c] of (r.toolCalls ?? []).entries()) {
    const args = typeof c.args === "string" ? c.args : JSON.stringify(c.args);
    const id = c.id ?? `call_${index}_${crypto.randomUUID().slice(0, 6)}`;
    yield { kind: "tool_call_delta", index, id, name: c.name, args };
  }
  const u = r.usage ?? {};
  yield {
    kind: "usage",
    usage: {
      inputTokens: u.inputTokens ?? 10,
      outputTokens: u.outputTokens ?? 5,
      cachedTokens: u.cachedTokens ?? 0,
      reasoningTokens: u.reasoningTokens ?? 0,
      costUsd: u.costUsd,
    },
  };
  yield { kind: "end", reason: r.toolCalls?.length ? "tool_calls" : "stop" };
}
