// The provider chain (A-04…A-12): ordered routes; a transient failure is retried once on the SAME route
// after 2 s, only while no text has streamed; a route that fails before its first streamed item falls
// through to the next; once anything streamed there is no fallback. Never throws.
import type { ModelRequest, ProviderError, Route, StreamItem } from "./types.ts";

export type ChainItem =
  | StreamItem
  /** The route now streaming; anything accumulated from an earlier attempt must be discarded. */
  | { kind: "attempt"; route: Route; startedAt: string }
  | { kind: "route_retry"; route: Route; error: ProviderError }
  | { kind: "fallback"; from: Route; to: Route | null; error: ProviderError; startedAt: string; endedAt: string }
  /** Final failure. `allFailed`: no route produced anything (escalation may take over, A-15). */
  | { kind: "failed"; route: Route | null; error: ProviderError; allFailed: boolean; streamed: boolean };

export type ChainOptions = {
  /** Injectable for tests; the real one waits. */
  sleep?: (ms: number) => Promise<void>;
  retryDelayMs?: number;
  log?: (line: string) => void;
  now?: () => Date;
};

export const RETRY_DELAY_MS = 2000;

export async function* streamChain(
  routes: Route[],
  req: ModelRequest,
  opts: ChainOptions = {},
): AsyncGenerator<ChainItem> {
  const sleep = opts.sleep ?? ((ms: number) => Bun.sleep(ms));
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => {});
  let last: ProviderError = { kind: "config", message: "no model route is configured", transient: false };
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i]!;
    for (let attempt = 0; attempt < 2; attempt++) {
      const startedAt = now().toISOString();
      yield { kind: "attempt", route, startedAt };
      let streamed = false;
      let text = false;
      let failure: ProviderError | null = null;
      for await (const item of safeStream(route, req)) {
        if (item.kind === "error") {
          failure = item.error;
          break;
        }
        streamed = true;
        if (item.kind === "text" && item.text.length > 0) text = true;
        yield item;
      }
      if (!failure) return;
      last = failure;
      if (failure.kind === "aborted" || req.signal.aborted) {
        const error = { ...failure, kind: "aborted" as const, transient: false };
        yield { kind: "failed", route, error, allFailed: false, streamed };
        return;
      }
      if (failure.transient && !text && attempt === 0) {
        log(`retrying ${route.label} after ${failure.message}`);
        yield { kind: "route_retry", route, error: failure };
        await sleep(opts.retryDelayMs ?? RETRY_DELAY_MS);
        if (req.signal.aborted) {
          yield { kind: "failed", route, error: abortedError(), allFailed: false, streamed: false };
          return;
        }
        continue;
      }
      if (streamed) {
        yield { kind: "failed", route, error: failure, allFailed: false, streamed: true };
        return;
      }
      const next = routes[i + 1] ?? null;
      log(`route_fallback ${route.label} -> ${next?.label ?? "none"}: ${failure.message}`);
      yield { kind: "fallback", from: route, to: next, error: failure, startedAt, endedAt: now().toISOString() };
      break;
    }
  }
  yield { kind: "failed", route: null, error: last, allFailed: true, streamed: false };
}

/** Guards the never-throw contract: a provider bug becomes a non-transient stream error. */
async function* safeStream(route: Route, req: ModelRequest): AsyncGenerator<StreamItem> {
  try {
    for await (const item of route.provider.stream({ ...req, model: route.model })) yield item;
  } catch (e) {
    yield { kind: "error", error: { kind: "stream", message: (e as Error)?.message ?? String(e), transient: false } };
  }
}

function abortedError(): ProviderError {
  return { kind: "aborted", message: "stopped", transient: false };
}
