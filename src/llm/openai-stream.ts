// Decodes the OpenAI chat-completions SSE stream (also spoken by OpenRouter, Ollama, Groq, DeepSeek)
// into stream items. The usage chunk arrives after the finish_reason chunk, so `end` is held back
// until the body is over and then follows the single usage item.
import { fail, type WireDecoder } from "./http.ts";
import { isObject, num, parseJson, type Json } from "./json.ts";
import type { SseEvent } from "./sse.ts";
import { isTransientCode, type StreamItem, type Usage } from "./types.ts";

type EndReason = Extract<StreamItem, { kind: "end" }>["reason"];

export class OpenAIDecoder implements WireDecoder {
  done = false;
  private reason: EndReason | null = null;
  private usage: Usage | null = null;
  private named = new Set<number>();

  constructor(private readonly call: { provider: string; secret?: string }) {}

  event(ev: SseEvent): StreamItem[] {
    if (ev.data.trim() === "[DONE]") {
      this.done = true;
      return [];
    }
    const chunk = parseJson(ev.data);
    if (!chunk) return [this.broken(`malformed stream chunk: ${ev.data.slice(0, 80)}`)];
    if (chunk.error !== undefined && chunk.error !== null) return [this.chunkError(chunk.error)];
    if (isObject(chunk.usage)) this.usage = toUsage(chunk.usage);
    const items: StreamItem[] = [];
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices.filter(isObject)) {
      const delta = isObject(choice.delta) ? choice.delta : {};
      // DeepSeek says reasoning_content, OpenRouter and Ollama say reasoning; some send both.
      const thinking = [delta.reasoning, delta.reasoning_content].find((t) => typeof t === "string" && t);
      if (typeof thinking === "string") items.push({ kind: "thinking", text: thinking });
      if (typeof delta.content === "string" && delta.content) items.push({ kind: "text", text: delta.content });
      const calls = Array.isArray(delta.tool_calls) ? delta.tool_calls : [];
      calls.forEach((tc, position) => {
        if (isObject(tc)) items.push(this.toolDelta(tc, position));
      });
      if (choice.finish_reason === "error") {
        return [...items, this.chunkError({ message: "the model stopped with an error" })];
      }
      if (typeof choice.finish_reason === "string") this.reason = endReason(choice.finish_reason);
    }
    return items;
  }

  finish(): StreamItem[] {
    if (this.reason === null) return [this.broken("the stream ended before the model finished")];
    const usage: StreamItem[] = this.usage ? [{ kind: "usage", usage: this.usage }] : [];
    return [...usage, { kind: "end", reason: this.reason }];
  }

  /** One fragment; only the first fragment of an index carries id and name (as the contract says). */
  private toolDelta(tc: Json, position: number): StreamItem {
    const index = typeof tc.index === "number" ? tc.index : position;
    const fn = isObject(tc.function) ? tc.function : {};
    const args = typeof fn.arguments === "string" ? fn.arguments : "";
    if (this.named.has(index)) return { kind: "tool_call_delta", index, args };
    this.named.add(index);
    const id = typeof tc.id === "string" ? tc.id : undefined;
    const name = typeof fn.name === "string" ? fn.name : undefined;
    return { kind: "tool_call_delta", index, id, name, args };
  }

  private chunkError(raw: unknown): StreamItem {
    const err = isObject(raw) ? raw : { message: String(raw) };
    const code = typeof err.code === "string" || typeof err.code === "number" ? String(err.code) : undefined;
    const message = typeof err.message === "string" ? err.message : "error chunk without a message";
    return fail(this.call, "chunk", `stream error${code ? ` ${code}` : ""}: ${message}`, {
      code,
      transient: isTransientCode(code),
    });
  }

  private broken(message: string): StreamItem {
    return fail(this.call, "stream", message, { transient: false });
  }
}

function toUsage(u: Json): Usage {
  const prompt = isObject(u.prompt_tokens_details) ? u.prompt_tokens_details : {};
  const completion = isObject(u.completion_tokens_details) ? u.completion_tokens_details : {};
  const usage: Usage = {
    inputTokens: num(u.prompt_tokens),
    outputTokens: num(u.completion_tokens),
    // DeepSeek reports its cache hits at the top level instead of in the details.
    cachedTokens: num(prompt.cached_tokens) ?? num(u.prompt_cache_hit_tokens),
    reasoningTokens: num(completion.reasoning_tokens),
  };
  const cost = num(u.cost);
  if (cost !== null) usage.costUsd = cost;
  return usage;
}

function endReason(finish: string): EndReason {
  if (finish === "stop") return "stop";
  if (finish === "tool_calls" || finish === "function_call") return "tool_calls";
  if (finish === "length") return "length";
  return "other";
}
