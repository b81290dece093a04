// Speech to text on the OpenAI-compatible wire (`POST {base}/audio/transcriptions`, multipart): what
// audio_routes call for openai and groq routes (A-28, L-34). Never throws: failures are ProviderErrors.
import { fail, shorten } from "./http.ts";
import { isObject, num, parseJson } from "./json.ts";
import { isTransientStatus, type TranscribeRequest, type TranscribeResult, type Usage } from "./types.ts";

type AudioCall = { provider: string; url: string; headers: Record<string, string>; secret?: string };

export async function openAITranscribe(call: AudioCall, req: TranscribeRequest): Promise<TranscribeResult> {
  const form = new FormData();
  form.append("file", req.audio, req.filename);
  form.append("model", req.model);
  form.append("response_format", "json");
  let res: Response;
  try {
    res = await fetch(call.url, { method: "POST", headers: call.headers, body: form, signal: req.signal });
  } catch (e) {
    if (req.signal.aborted) return failed(call, "aborted", "the request was aborted", false);
    return failed(call, "connection", `cannot connect: ${shorten(String((e as Error)?.message ?? e), 200)}`, true);
  }
  const text = await res.text().catch(() => "");
  const body = parseJson(text);
  if (!res.ok) {
    const err = isObject(body?.error) ? body.error : {};
    const message = typeof err.message === "string" ? err.message : text.trim() || res.statusText;
    return failed(call, "http", `HTTP ${res.status}: ${shorten(message, 300)}`, isTransientStatus(res.status),
      res.status);
  }
  if (typeof body?.text !== "string") {
    return failed(call, "stream", "the transcription answer had no text field", false);
  }
  return { ok: true, text: body.text, usage: usageOf(body.usage) };
}

/** gpt-4o-transcribe reports tokens; whisper reports seconds, which no token price applies to. */
function usageOf(u: unknown): Usage | null {
  if (!isObject(u) || u.type !== "tokens") return null;
  return { inputTokens: num(u.input_tokens), outputTokens: num(u.output_tokens), cachedTokens: null,
    reasoningTokens: null };
}

function failed(
  call: AudioCall,
  kind: "http" | "connection" | "stream" | "aborted",
  message: string,
  transient: boolean,
  status?: number,
): TranscribeResult {
  const item = fail({ provider: call.provider, secret: call.secret }, kind, message, { status, transient });
  return item.kind === "error" ? { ok: false, error: item.error } : { ok: false, error: { kind, message, transient } };
}
