// Anthropic Messages client (`POST {base}/v1/messages`, streamed). Prompt caching: the system prompt
// and the last tool definition carry `cache_control` markers, so the stable prefix of every turn
// (tools, then system) is read from cache on the next call.
import { AnthropicDecoder } from "./anthropic-stream.ts";
import { validHistory } from "./history.ts";
import { streamCall } from "./http.ts";
import { isObject, parseJson } from "./json.ts";
import type { ChatMessage, ImagePart, ModelRequest, Provider } from "./types.ts";

export const ANTHROPIC_VERSION = "2023-06-01";
export const DEFAULT_MAX_TOKENS = 8192;

export type AnthropicOptions = { name?: string; baseUrl: string; apiKey: string };

export function createAnthropicProvider(opts: AnthropicOptions): Provider {
  const name = opts.name ?? "anthropic";
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/v1/messages`;
  const headers = { "x-api-key": opts.apiKey, "anthropic-version": ANTHROPIC_VERSION };
  const call = { provider: name, secret: opts.apiKey };
  return {
    name,
    stream: (req: ModelRequest) =>
      streamCall({ ...call, url, headers, body: anthropicBody(req), signal: req.signal }, new AnthropicDecoder(call)),
  };
}

const CACHE = { type: "ephemeral" } as const;

export function anthropicBody(req: ModelRequest) {
  const body: Record<string, unknown> = {
    model: req.model,
    max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
    stream: true,
    messages: toAnthropicMessages(validHistory(req.messages)),
  };
  if (req.system) body.system = [{ type: "text", text: req.system, cache_control: CACHE }];
  if (req.tools.length > 0) {
    body.tools = req.tools.map((t, i) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters,
      ...(i === req.tools.length - 1 ? { cache_control: CACHE } : {}),
    }));
    if (req.toolChoice) body.tool_choice = { type: req.toolChoice };
  }
  return body;
}

type Block = Record<string, unknown>;
type AnthropicMessage = { role: "user" | "assistant"; content: string | Block[] };

/** Tool results travel as user messages of tool_result blocks; consecutive ones share one message. */
export function toAnthropicMessages(messages: readonly ChatMessage[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (const m of messages) {
    if (m.role === "user") {
      out.push({ role: "user", content: m.images?.length ? userBlocks(m.content, m.images) : m.content });
    } else if (m.role === "assistant") {
      const blocks: Block[] = m.content ? [{ type: "text", text: m.content }] : [];
      for (const c of m.tool_calls ?? []) {
        blocks.push({ type: "tool_use", id: c.id, name: c.name, input: toolInput(c.arguments) });
      }
      // Anthropic refuses an empty assistant turn; an empty answer carries nothing worth sending.
      if (blocks.length > 0) out.push({ role: "assistant", content: blocks });
    } else {
      const result: Block = { type: "tool_result", tool_use_id: m.tool_call_id, content: m.content };
      const last = out[out.length - 1];
      if (last && isToolResults(last)) (last.content as Block[]).push(result);
      else out.push({ role: "user", content: [result] });
    }
  }
  return out;
}

/** Images first (Anthropic reads them best before the question), then the text. */
function userBlocks(text: string, images: ImagePart[]): Block[] {
  const pictures = images.map((i) => ({ type: "image", source: { type: "base64", media_type: i.mime, data: i.data } }));
  return text ? [...pictures, { type: "text", text }] : pictures;
}

function isToolResults(m: AnthropicMessage): boolean {
  return m.role === "user" && Array.isArray(m.content) && m.content.every((b) => b.type === "tool_result");
}

/** tool_use input must be an object: arguments that are not a JSON object become {}. */
function toolInput(args: string): Record<string, unknown> {
  const parsed = parseJson(args);
  return isObject(parsed) ? parsed : {};
}
