// Decodes the Anthropic Messages SSE stream into stream items. Content blocks are numbered across
// text, thinking and tool_use; tool calls get their own 0-based index. Usage arrives in two halves
// (message_start, message_delta) and leaves as one item just before `end`.
import { fail, type WireDecoder } from "./http.ts";
import { isObject, num, parseJson, type Json } from "./json.ts";
import type { SseEvent } from "./sse.ts";
import type { StreamItem, Usage } from "./types.ts";

type EndReason = Extract<StreamItem, { kind: "end" }>["reason"];

/** Error event types worth retrying: rate limits and Anthropic-side failures (like provider_unavailable). */
const TRANSIENT_TYPES = new Set(["overloaded_error", "rate_limit_error", "api_error", "timeout_error"]);

export class AnthropicDecoder implements WireDecoder {
  done = false;
  private reason: EndReason | null = null;
  private counts: Json = {};
  private toolIndex = new Map<number, number>();

  constructor(private readonly call: { provider: string; secret?: string }) {}

  event(ev: SseEvent): StreamItem[] {
    const data = parseJson(ev.data);
    if (!data) return [this.broken(`malformed stream event: ${ev.data.slice(0, 80)}`)];
    const type = typeof data.type === "string" ? data.type : ev.event;
    switch (type) {
      case "message_start":
        if (isObject(data.message) && isObject(data.message.usage)) this.counts = { ...data.message.usage };
        return [];
      case "content_block_start":
        return this.blockStart(num(data.index) ?? 0, isObject(data.content_block) ? data.content_block : {});
      case "content_block_delta":
        return this.blockDelta(num(data.index) ?? 0, isObject(data.delta) ? data.delta : {});
      case "message_delta":
        // Cumulative counts; only the numbers present update what message_start said.
        if (isObject(data.usage)) {
          for (const [k, v] of Object.entries(data.usage)) if (num(v) !== null) this.counts[k] = v;
        }
        if (isObject(data.delta) && typeof data.delta.stop_reason === "string") {
          this.reason = endReason(data.delta.stop_reason);
        }
        return [];
      case "message_stop":
        this.done = true;
        return [];
      case "error":
        return [this.errorEvent(isObject(data.error) ? data.error : {})];
      default:
        return []; // ping, content_block_stop, and event types added later
    }
  }

  finish(): StreamItem[] {
    if (this.reason === null) return [this.broken("the stream ended before the model finished")];
    return [{ kind: "usage", usage: this.usage() }, { kind: "end", reason: this.reason }];
  }

  private blockStart(block: number, content: Json): StreamItem[] {
    if (content.type === "tool_use") {
      const index = this.toolIndex.size;
      this.toolIndex.set(block, index);
      const id = typeof content.id === "string" ? content.id : undefined;
      const name = typeof content.name === "string" ? content.name : undefined;
      return [{ kind: "tool_call_delta", index, id, name, args: "" }];
    }
    if (content.type === "text" && typeof content.text === "string" && content.text) {
      return [{ kind: "text", text: content.text }];
    }
    if (content.type === "thinking" && typeof content.thinking === "string" && content.thinking) {
      return [{ kind: "thinking", text: content.thinking }];
    }
    return [];
  }

  private blockDelta(block: number, delta: Json): StreamItem[] {
    if (delta.type === "text_delta" && typeof delta.text === "string" && delta.text) {
      return [{ kind: "text", text: delta.text }];
    }
    if (delta.type === "thinking_delta" && typeof delta.thinking === "string" && delta.thinking) {
      return [{ kind: "thinking", text: delta.thinking }];
    }
    const index = this.toolIndex.get(block);
    if (delta.type === "input_json_delta" && index !== undefined && typeof delta.partial_json === "string") {
      return [{ kind: "tool_call_delta", index, args: delta.partial_json }];
    }
    return []; // signature_delta and the like carry nothing we show
  }

  /** Input counts everything read: fresh, cache reads (also reported as cached) and cache writes. */
  private usage(): Usage {
    const input = num(this.counts.input_tokens);
    const read = num(this.counts.cache_read_input_tokens);
    const written = num(this.counts.cache_creation_input_tokens);
    return {
      inputTokens: input === null ? null : input + (read ?? 0) + (written ?? 0),
      outputTokens: num(this.counts.output_tokens),
      cachedTokens: read,
      reasoningTokens: null,
    };
  }

  private errorEvent(err: Json): StreamItem {
    const code = typeof err.type === "string" ? err.type : undefined;
    const message = typeof err.message === "string" ? err.message : "error event without a message";
    return fail(this.call, "chunk", `stream error${code ? ` ${code}` : ""}: ${message}`, {
      code,
      transient: code !== undefined && TRANSIENT_TYPES.has(code),
    });
  }

  private broken(message: string): StreamItem {
    return fail(this.call, "stream", message, { transient: false });
  }
}

function endReason(stop: string): EndReason {
  if (stop === "end_turn" || stop === "stop_sequence") return "stop";
  if (stop === "tool_use") return "tool_calls";
  if (stop === "max_tokens") return "length";
  return "other";
}
