// Live checks from Connections (O-13): does this key or token work right now? A provider key lists
// the provider's models; the Telegram token asks getMe; the search key searches for one word. The
// answer is a short sentence built from the status code and a count or a bot name: never from the key,
// the URL (Telegram's holds the token) or an error message (some providers quote part of the key), and
// nothing here logs; the key tested is masked in later log lines all the same.
import { maskInLogs } from "../cli/log.ts";
import { T } from "../texts/vi.ts";
import type { CheckResult } from "../models/connections.ts";
import { braveHits, braveRequest, SEARCH_KEY, searchEndpoint } from "../tools/brave-search.ts";
import { TELEGRAM_BASE_URL_DEFAULT, type CatalogueRow, type LiveCheck } from "./catalogue.ts";

export type { CheckResult };
type Env = Record<string, string | undefined>;

export const CHECK_TIMEOUT_MS = 10_000;

export async function runCheck(
  row: CatalogueRow & { check: LiveCheck },
  env: Env,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  const c = row.check;
  const secretName = c.kind === "models" ? c.provider.keyEnv : c.kind === "search" ? SEARCH_KEY : "TELEGRAM_BOT_TOKEN";
  const secret = secretName ? env[secretName]?.trim() : undefined;
  if (secretName && !secret) return { ok: false, detail: T.conn.checkNotSet(row.name) };
  // A key tested here may never be saved; the log still must never show it (L-85).
  maskInLogs(secret);
  const result = c.kind === "telegram"
    ? await ask(telegramRequest(env, secret!), timeoutMs, botName)
    : c.kind === "search"
    ? await ask(braveRequest(searchEndpoint(env), secret!, "test", 1), timeoutMs, searchHits)
    : await ask(modelsRequest(c.provider, env, secret), timeoutMs, modelCount);
  return secret ? { ok: result.ok, detail: result.detail.split(secret).join(T.redacted) } : result;
}

type Request = { url: string; headers: Record<string, string> };

function modelsRequest(
  p: Extract<LiveCheck, { kind: "models" }>["provider"],
  env: Env,
  key: string | undefined,
): Request {
  const base = (env[p.baseUrlEnv]?.trim() || p.defaultBaseUrl).replace(/\/+$/, "");
  if (p.api === "anthropic") {
    return { url: `${base}/v1/models`, headers: { "x-api-key": key!, "anthropic-version": "2023-06-01" } };
  }
  return { url: `${base}/models`, headers: key ? { authorization: `Bearer ${key}` } : {} };
}

function telegramRequest(env: Env, token: string): Request {
  const base = (env.TELEGRAM_BASE_URL?.trim() || TELEGRAM_BASE_URL_DEFAULT).replace(/\/+$/, "");
  return { url: `${base}/bot${token}/getMe`, headers: {} };
}

async function ask(r: Request, timeoutMs: number, read: (body: unknown) => CheckResult): Promise<CheckResult> {
  const host = hostOf(r.url);
  let res: Response;
  try {
    // No redirects: a key is only ever sent to the address the owner configured.
    res = await fetch(r.url, { headers: r.headers, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const name = (e as Error).name;
    const timedOut = name === "TimeoutError" || name === "AbortError";
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return { ok: false, detail: timedOut ? T.conn.checkTimeout(seconds) : T.conn.checkUnreachable(host) };
  }
  if (res.status === 401 || res.status === 403) {
    return discard(res, { ok: false, detail: T.conn.checkRejected(res.status) });
  }
  if (res.status === 429) return discard(res, { ok: false, detail: T.conn.checkQuota });
  if (!res.ok) return discard(res, { ok: false, detail: T.conn.checkHttp(res.status) });
  try {
    return read(await res.json());
  } catch {
    return { ok: false, detail: T.conn.checkBadAnswer };
  }
}

async function discard(res: Response, out: CheckResult): Promise<CheckResult> {
  await res.body?.cancel().catch(() => {});
  return out;
}

function modelCount(body: unknown): CheckResult {
  const data = (body as { data?: unknown; models?: unknown } | null)?.data
    ?? (body as { models?: unknown } | null)?.models;
  return Array.isArray(data)
    ? { ok: true, detail: T.conn.checkModels(data.length) }
    : { ok: false, detail: T.conn.checkBadAnswer };
}

function searchHits(body: unknown): CheckResult {
  const hits = braveHits(body);
  return hits ? { ok: true, detail: T.conn.checkSearch(hits.length) } : { ok: false, detail: T.conn.checkBadAnswer };
}

function botName(body: unknown): CheckResult {
  const b = body as { ok?: unknown; result?: { username?: unknown } } | null;
  const username = b?.result?.username;
  if (b?.ok !== true || typeof username !== "string") return { ok: false, detail: T.conn.checkBadAnswer };
  // A bot name is letters, digits and _ (5–32); anything else is not echoed.
  const named = /^[A-Za-z0-9_]{1,64}$/.test(username);
  return { ok: true, detail: named ? T.conn.checkBot(username) : T.conn.checkBotNoName };
}

/** The host of a URL without any path (the Telegram path holds the token). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
}
