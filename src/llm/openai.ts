// OpenAI-compatible chat-completions client (`POST {base}/chat/completions`, streamed). One client
// serves every preset that speaks this wire format: openai, openrouter, ollama, groq, deepseek.
import { validHistory } from "./history.ts";
import { streamCall } from "./http.ts";
import { openAITranscribe } from "./openai-audio.ts";
import { OpenAIDecoder } from "./openai-stream.ts";
import type { ChatMessage, ImagePart, ModelRequest, Provider, ToolSpec, TranscribeRequest } from "./types.ts";

export type OpenAIOptions = {
  /** The provider part of the route, e.g. "openrouter". */
  name: string;
  /** Base URL up to the version, e.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  /** Sent as a Bearer token; local servers (ollama) need none. */
  apiKey?: string;
  free?: boolean;
  /** OpenAI's own API wants max_completion_tokens (o-series refuse max_tokens); the others take max_tokens. */
  maxTokensField?: "max_tokens" | "max_completion_tokens";
  /** Preset-specific request fields, e.g. OpenRouter's usage accounting. */
  extraBody?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Silence allowed before giving up (default 120 s, O-21). */
  idleMs?: number;
  /** The host also serves `/audio/transcriptions` (openai, groq): the route may stand in audio_routes. */
  audio?: boolean;
};

export function createOpenAIProvider(opts: OpenAIOptions): Provider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const url = `${base}/chat/completions`;
  const auth: Record<string, string> = opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {};
  const call = { provider: opts.name, secret: opts.apiKey };
  const audio = { ...call, url: `${base}/audio/transcriptions`, headers: { ...opts.headers, ...auth } };
  return {
    name: opts.name,
    free: opts.free,
    ...(opts.audio ? { transcribe: (req: TranscribeRequest) => openAITranscribe(audio, req) } : {}),
    stream: (req: ModelRequest) =>
      streamCall(
        {
          ...call,
          url,
          headers: { ...opts.headers, ...auth },
          body: openAIBody(req, opts),
          signal: req.signal,
          idleMs: opts.idleMs,
        },
        new OpenAIDecoder(call),
      ),
  };
}

/** The request body: system prompt first, our messages (made valid) mapped, tools only when there are any. */
export function openAIBody(req: ModelRequest, opts: Pick<OpenAIOptions, "maxTokensField" | "extraBody"> = {}) {
  const system = req.system ? [{ role: "system", content: req.system }] : [];
  const body: Record<string, unknown> = {
    ...opts.extraBody,
    model: req.model,
    stream: true,
    stream_options: { include_usage: true },
    messages: [...system, ...validHistory(req.messages).map(toOpenAIMessage)],
  };
  if (req.tools.length > 0) body.tools = req.tools.map(toOpenAITool);
  if (req.tools.length > 0 && req.toolChoice) body.tool_choice = req.toolChoice;
  if (req.maxTokens !== undefined) body[opts.maxTokensField ?? "max_tokens"] = req.maxTokens;
  return body;
}

function toOpenAIMessage(m: ChatMessage): Record<string, unknown> {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.tool_call_id, content: m.content };
  if (m.role === "user" && m.images?.length) return { role: "user", content: openAIParts(m.content, m.images) };
  if (m.role === "user" || !m.tool_calls?.length) return { role: m.role, content: m.content };
  return {
    role: "assistant",
    content: m.content,
    tool_calls: m.tool_calls.map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    })),
  };
}

/** Text first, then each image as a data URL (the chat-completions vision format). */
function openAIParts(text: string, images: ImagePart[]) {
  return [
    ...(text ? [{ type: "text", text }] : []),
    ...images.map((i) => ({ type: "image_url", image_url: { url: `data:${i.mime};base64,${i.data}` } })),
  ];
}

function toOpenAITool(t: ToolSpec) {
  return { type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } };
}
