// The crew's answer in OpenAI's wire format: one `chat.completion`, or `chat.completion.chunk` SSE
// frames ending in `data: [DONE]`. Both carry the same content: the run's text, then its end notice.
import { endNotice, runUsage, type OpenAiTurn, type Usage } from "../channels/openai-chat.ts";
import type { Store } from "../store/db.ts";

export type ReplyMeta = { id: string; created: number; model: string };

type Answer = Exclude<OpenAiTurn, { kind: "rejected" }>;

/** The content as it comes: the run's text pieces, then the notice when it did not simply finish. */
async function* contentPieces(turn: Answer): AsyncGenerator<string> {
  if (turn.kind === "queued") {
    yield turn.text;
    return;
  }
  let wrote = false;
  for await (const f of turn.events) {
    const piece = f.type === "text" ? f.text : endNotice(f.end);
    if (!piece) continue;
    yield f.type === "end" && wrote ? `\n\n${piece}` : piece;
    wrote = true;
  }
}

/** The answer's metadata: a started run lends its id, so the activity view and the client agree. */
export function replyMeta(turn: Answer, model: string): ReplyMeta {
  const id = `chatcmpl-${turn.kind === "started" ? turn.runId : crypto.randomUUID()}`;
  return { id, created: Math.floor(Date.now() / 1000), model };
}

function usageOf(store: Store, turn: Answer): Usage | null {
  return turn.kind === "started" ? runUsage({ store }, turn.runId) : null;
}

export async function completion(store: Store, turn: Answer, meta: ReplyMeta): Promise<unknown> {
  let content = "";
  for await (const piece of contentPieces(turn)) content += piece;
  const usage = usageOf(store, turn);
  const message = { role: "assistant", content, refusal: null };
  return {
    ...base(meta, "chat.completion"),
    choices: [{ index: 0, message, logprobs: null, finish_reason: "stop" }],
    ...(usage ? { usage } : {}),
  };
}

/** The SSE blocks of a streamed answer; with `include_usage`, a last chunk with no choices carries it. */
export async function* chunks(store: Store, turn: Answer, meta: ReplyMeta, includeUsage: boolean) {
  const usage = includeUsage ? { usage: null } : {};
  const chunk = (delta: object, finish: "stop" | null) => {
    const choice = { index: 0, delta, logprobs: null, finish_reason: finish };
    return data({ ...base(meta, "chat.completion.chunk"), choices: [choice], ...usage });
  };
  yield chunk({ role: "assistant", content: "" }, null);
  for await (const piece of contentPieces(turn)) yield chunk({ content: piece }, null);
  yield chunk({}, "stop");
  if (includeUsage) yield data({ ...base(meta, "chat.completion.chunk"), choices: [], usage: usageOf(store, turn) });
  yield "data: [DONE]\n\n";
}

function base(meta: ReplyMeta, object: string) {
  return { id: meta.id, object, created: meta.created, model: meta.model };
}

function data(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}
