// The transport both streaming clients share: one POST whose SSE body a decoder turns into stream
// items, and the classification of every way that can fail into a ProviderError. It never
// throws, and no message it builds carries the API key.
import { isObject, parseJson } from "./json.ts";
import { readSse, type SseEvent } from "./sse.ts";
import { isTransientStatus, type ProviderError, type ProviderErrorKind, type StreamItem } from "./types.ts";

export type WireCall = {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
  /** The API key, scrubbed from every error message. */
  secret?: string;
  /** Silence allowed before the call counts as a lost connection (O-21: 120 s). */
  idleMs?: number;
};

export const IDLE_TIMEOUT_MS = 120_000;

/** Wire-format knowledge of one client: SSE events in, stream items out. */
export interface WireDecoder {
  /** Items for one event; an error item ends the stream. */
  event(ev: SseEvent): StreamItem[];
  /** True once the provider said it is finished (`[DONE]`, `message_stop`). */
  readonly done: boolean;
  /** Closing items (usage, end) at the end of the body, or an error if the answer was cut short. */
  finish(): StreamItem[];
}

/** POSTs the call and streams its items; the last item is `end` or `error`. */
export async function* streamCall(call: WireCall, decoder: WireDecoder): AsyncGenerator<StreamItem> {
  // A provider that goes silent (no headers, no bytes) is cut after idleMs: a hung request must not
  // hold a turn, or a job, forever. It counts as a lost connection, so the chain may retry it.
  const idle = new AbortController();
  const idleMs = call.idleMs ?? IDLE_TIMEOUT_MS;
  let timer = setTimeout(() => idle.abort(), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleMs);
  };
  const wire: WireCall = { ...call, signal: AbortSignal.any([call.signal, idle.signal]) };
  try {
    yield* stream(wire, call, decoder, touch, idleMs);
  } finally {
    clearTimeout(timer);
  }
}

async function* stream(
  wire: WireCall,
  call: WireCall,
  decoder: WireDecoder,
  touch: () => void,
  idleMs: number,
): AsyncGenerator<StreamItem> {
  const res = await open(wire);
  if (!(res instanceof Response)) {
    yield wire.signal.aborted && !call.signal.aborted ? silent(call, idleMs) : res;
    return;
  }
  try {
    for await (const ev of readSse(res.body!)) {
      touch();
      if (call.signal.aborted) break;
      for (const item of decoder.event(ev)) {
        yield item;
        if (item.kind === "error") return;
      }
      if (decoder.done) break;
    }
  } catch (e) {
    yield wire.signal.aborted && !call.signal.aborted
      ? silent(call, idleMs)
      : lost(call, e, "connection lost mid-stream");
    return;
  }
  if (call.signal.aborted) yield aborted(call);
  else if (wire.signal.aborted) yield silent(call, idleMs);
  else yield* decoder.finish();
}

function silent(call: WireCall, idleMs: number): StreamItem {
  const message = `no answer for ${Math.round(idleMs / 1000)} s; the request was given up`;
  return fail(call, "connection", message, { transient: true });
}

/** The response with a readable body, or the error item that ends the stream before it starts. */
async function open(call: WireCall): Promise<Response | StreamItem> {
  if (call.signal.aborted) return aborted(call);
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...call.headers },
      body: JSON.stringify(call.body),
      signal: call.signal,
    });
  } catch (e) {
    return lost(call, e, "cannot connect");
  }
  if (res.ok && res.body) return res;
  const item = await httpError(call, res);
  return call.signal.aborted ? aborted(call) : item;
}

/** An error item, its message prefixed with the provider and scrubbed of the key. */
export function fail(
  call: Pick<WireCall, "provider" | "secret">,
  kind: ProviderErrorKind,
  message: string,
  extra: { status?: number; code?: string; transient: boolean },
): StreamItem {
  const error: ProviderError = { kind, message: scrub(`${call.provider}: ${message}`, call.secret), ...extra };
  return { kind: "error", error };
}

function aborted(call: WireCall): StreamItem {
  return fail(call, "aborted", "the request was aborted", { transient: false });
}

/** A rejected fetch or read: an abort when our signal fired, else a connection error (transient). */
function lost(call: WireCall, e: unknown, what: string): StreamItem {
  if (call.signal.aborted) return aborted(call);
  const reason = e instanceof Error ? e.message.split(". For more information")[0] : String(e);
  return fail(call, "connection", `${what}: ${shorten(reason, 200)}`, { transient: true });
}

/** A non-2xx answer: the body's own error message (OpenAI and Anthropic shapes), shortened. */
async function httpError(call: WireCall, res: Response): Promise<StreamItem> {
  const text = await res.text().catch(() => "");
  // Not JSON (a proxy's HTML page, say): the text itself is the message.
  const body = parseJson(text) ?? {};
  const err = isObject(body.error) ? body.error : {};
  const found = [err.message, body.message, body.error].find((m) => typeof m === "string" && m.trim());
  const message = typeof found === "string" ? found : text.trim() || res.statusText || "no body";
  const rawCode = err.code ?? err.type;
  const code = typeof rawCode === "string" || typeof rawCode === "number" ? String(rawCode) : undefined;
  return fail(call, "http", `HTTP ${res.status}: ${shorten(message, 300)}`, {
    status: res.status,
    code,
    transient: isTransientStatus(res.status),
  });
}

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function scrub(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
}
