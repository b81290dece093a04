// What a provider is: something that streams an answer. Providers never throw: a failure is
// the final item of the stream, `{kind: "error"}`, carrying whether it is transient.

/** One message of the conversation as sent to a model. */
export type ChatMessage =
  | { role: "user"; content: string; images?: ImagePart[] }
  | { role: "assistant"; content: string; tool_calls?: ToolCall[] }
  | { role: "tool"; content: string; tool_call_id: string; name: string };

/** An image sent with a user message: its MIME type and its bytes in base64. */
export type ImagePart = { mime: string; data: string };

export type ToolCall = { id: string; name: string; arguments: string };

/** A tool as declared to the model: JSON Schema parameters built from the tool's zod schema. */
export type ToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

export type ModelRequest = {
  model: string;
  system: string;
  messages: readonly ChatMessage[];
  tools: ToolSpec[];
  signal: AbortSignal;
  /** Upper bound on output tokens, when the caller wants one. */
  maxTokens?: number;
  /** "none": the tools stay declared (a history with tool calls needs them) but may not be called. */
  toolChoice?: "none";
};

/** Token counts and price of one model call; `costUsd: null` means the price is unknown. */
export type Usage = {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  reasoningTokens: number | null;
  /** Price the provider reported, if it reports one. */
  costUsd?: number | null;
};

export type ProviderErrorKind = "http" | "connection" | "stream" | "chunk" | "aborted" | "config";

export type ProviderError = {
  kind: ProviderErrorKind;
  message: string;
  status?: number;
  code?: string;
  /** 408/425/429/5xx, an error chunk with one of those codes or provider_unavailable, a lost connection. */
  transient: boolean;
};

export type StreamItem =
  | { kind: "text"; text: string }
  | { kind: "thinking"; text: string }
  /** A fragment of a tool call: the first one for an index carries id and name. */
  | { kind: "tool_call_delta"; index: number; id?: string; name?: string; args: string }
  | { kind: "usage"; usage: Usage }
  | { kind: "end"; reason: "stop" | "tool_calls" | "length" | "other" }
  | { kind: "error"; error: ProviderError };

export interface Provider {
  /** The provider part of a route, e.g. "openai". */
  readonly name: string;
  /** Local models cost nothing by declaration (ollama, fake). */
  readonly free?: boolean;
  stream(req: ModelRequest): AsyncIterable<StreamItem>;
  /** Speech to text (audio_routes, A-28); only providers that have such an endpoint offer it. Never throws. */
  transcribe?(req: TranscribeRequest): Promise<TranscribeResult>;
}

export type TranscribeRequest = { model: string; audio: Blob; filename: string; signal: AbortSignal };

export type TranscribeResult =
  | { ok: true; text: string; usage: Usage | null }
  | { ok: false; error: ProviderError };

/** A `provider:model` route resolved to a provider instance. */
export type Route = {
  label: string;
  provider: Provider;
  model: string;
  /** Tokens the model reads at once, when not the table's (src/llm/windows.ts). */
  contextWindow?: number;
};

/** Transient. Used by providers to classify HTTP statuses and chunk codes alike. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

export function isTransientCode(code: string | number | undefined): boolean {
  if (code === undefined) return false;
  if (code === "provider_unavailable") return true;
  const n = typeof code === "number" ? code : Number(code);
  return Number.isInteger(n) && isTransientStatus(n);
}
