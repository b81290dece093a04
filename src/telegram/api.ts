// The Bot API client (BotApi): JSON calls, one-file multipart uploads and file downloads against
// `<TELEGRAM_BASE_URL>/bot<token>/…`, each with its own time limit (L-80). Every failure becomes a
// TelegramError whose text never holds the token, even when a network error quotes the URL (L-85).
import { TELEGRAM_BASE_URL_DEFAULT } from "../connections/catalogue.ts";
import { TelegramError, TIMEOUTS, type BotApi, type CallOptions, type Upload } from "./types.ts";

/** Replaces the token (and its URL-encoded form) in `text` with `<token>`. */
export function redactToken(text: string, token: string): string {
  if (!token) return text;
  return text.split(token).join("<token>").split(encodeURIComponent(token)).join("<token>");
}

export function botApi(token: string, baseUrl?: string): BotApi {
  const base = (baseUrl?.trim() || TELEGRAM_BASE_URL_DEFAULT).replace(/\/+$/, "");
  const redact = (text: string) => redactToken(text, token);

  async function request(method: string, url: string, init: RequestInit, opts: CallOptions = {}): Promise<Response> {
    const limit = AbortSignal.timeout(opts.timeoutMs ?? TIMEOUTS.defaultMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, limit]) : limit;
    try {
      return await fetch(url, { ...init, signal, redirect: "manual" });
    } catch (e) {
      const err = e as Error;
      const why = err.name === "TimeoutError" ? "timed out" : err.name === "AbortError" ? "aborted" : err.message;
      throw new TelegramError(method, 0, redact(why));
    }
  }

  async function result<T>(method: string, res: Response): Promise<T> {
    const body = (await res.json().catch(() => null)) as {
      ok?: boolean; result?: T; description?: string; parameters?: { retry_after?: number };
    } | null;
    if (res.ok && body?.ok) return body.result as T;
    const description = redact(body?.description ?? res.statusText ?? "no answer");
    throw new TelegramError(method, res.status, description, body?.parameters?.retry_after);
  }

  return {
    async call<T>(method: string, params: Record<string, unknown> = {}, opts?: CallOptions): Promise<T> {
      const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(params) };
      return result<T>(method, await request(method, `${base}/bot${token}/${method}`, init, opts));
    },
    async upload<T>(method: string, params: Record<string, string | number>, file: Upload, opts?: CallOptions) {
      const form = new FormData();
      for (const [k, v] of Object.entries(params)) form.append(k, String(v));
      form.append(file.field, new Blob([file.data], { type: file.mime ?? "application/octet-stream" }), file.name);
      const timeoutMs = opts?.timeoutMs ?? TIMEOUTS.memoryUploadMs;
      const res = await request(method, `${base}/bot${token}/${method}`, { method: "POST", body: form }, {
        ...opts, timeoutMs,
      });
      return result<T>(method, res);
    },
    async download(filePath: string, opts?: CallOptions): Promise<Uint8Array<ArrayBuffer>> {
      const res = await request("download", `${base}/file/bot${token}/${filePath}`, { method: "GET" }, opts);
      if (!res.ok) throw new TelegramError("download", res.status, redact(res.statusText || "download failed"));
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
