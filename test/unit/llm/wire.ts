// Fixtures for provider tests: requests, the two wire formats written event by event (as the real APIs
// send them), and a collector that drains a provider stream.
import { createAnthropicProvider } from "../../../src/llm/anthropic.ts";
import { createOpenAIProvider } from "../../../src/llm/openai.ts";
import type { ModelRequest, Provider, StreamItem } from "../../../src/llm/types.ts";
import { sse } from "../../helpers/wire-server.ts";

export const KEY = "sk-test-SECRET-0123456789";

export function request(over: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "m-1", system: "", messages: [{ role: "user", content: "hi" }], tools: [], signal: new AbortController().signal, ...over };
}

export async function collect(stream: AsyncIterable<StreamItem>): Promise<StreamItem[]> {
  const items: StreamItem[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

export const texts = (items: StreamItem[], kind: "text" | "thinking" = "text") =>
  items.flatMap((i) => (i.kind === kind ? [i.text] : [])).join("");

export function last(items: StreamItem[]): StreamItem {
  return items[items.length - 1]!;
}

export const openai = (base: string, name = "openai"): Provider => createOpenAIProvider({ name, baseUrl: base, apiKey: KEY });
export const anthropic = (base: string): Provider => createAnthropicProvider({ baseUrl: base, apiKey: KEY });

// ---- OpenAI chat-completions chunks ----
export const oa = {
  delta: (delta: Record<string, unknown>, finish: string | null = null) =>
    sse({ id: "c1", object: "chat.completion.chunk", model: "m-1", choices: [{ index: 0, delta, finish_reason: finish }] }),
  text: (content: string) => oa.delta({ content }),
  finish: (reason = "stop") => oa.delta({}, reason),
  usage: (usage: Record<string, unknown>) => sse({ id: "c1", object: "chat.completion.chunk", choices: [], usage }),
  done: sse("[DONE]"),
  /** A full text answer, usage included. */
  answer: (...parts: string[]) => [
    oa.delta({ role: "assistant", content: "" }),
    ...parts.map(oa.text),
    oa.finish(),
    oa.usage({ prompt_tokens: 5, completion_tokens: parts.length }),
    oa.done,
  ],
};

// ---- Anthropic Messages events ----
export const an = {
  start: (usage: Record<string, unknown> = { input_tokens: 10, output_tokens: 1 }) =>
    sse({ type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", content: [], usage } }, "message_start"),
  block: (index: number, content_block: Record<string, unknown>) =>
    sse({ type: "content_block_start", index, content_block }, "content_block_start"),
  delta: (index: number, delta: Record<string, unknown>) => sse({ type: "content_block_delta", index, delta }, "content_block_delta"),
  blockStop: (index: number) => sse({ type: "content_block_stop", index }, "content_block_stop"),
  messageDelta: (stop_reason: string, usage: Record<string, unknown> = { output_tokens: 7 }) =>
    sse({ type: "message_delta", delta: { stop_reason, stop_sequence: null }, usage }, "message_delta"),
  stop: sse({ type: "message_stop" }, "message_stop"),
  ping: sse({ type: "ping" }, "ping"),
  error: (error: Record<string, unknown>) => sse({ type: "error", error }, "error"),
  /** A full text answer. */
  answer: (...parts: string[]) => [
    an.start(),
    an.block(0, { type: "text", text: "" }),
    ...parts.map((text) => an.delta(0, { type: "text_delta", text })),
    an.blockStop(0),
    an.messageDelta("end_turn"),
    an.stop,
  ],
};
