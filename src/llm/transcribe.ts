// transcribe(path): a voice note or audio file to text through the agent's audio_routes (A-28, L-34),
// with the chat chain's rules (one retry of a transient failure on the same route, then the next route),
// a 25 s cap on the whole (L-38), one ledger row per answered attempt with purpose `transcribe` (L-40).
// Failures come back as a Vietnamese reason for the sender, never the provider's own error.
import { basename } from "node:path";
import { TMedia } from "../texts/vi-media.ts";
import { RETRY_DELAY_MS, type ChainOptions } from "./chain.ts";
import { ledgerRow, type LedgerRow } from "./metered.ts";
import { costOf } from "./pricing.ts";
import type { Route, TranscribeResult } from "./types.ts";

export const TRANSCRIBE_TIMEOUT_MS = 25_000;

export type TranscribeDeps = {
  /** The agent's audio_routes, in order; empty = not configured (L-39). */
  routes: Route[];
  record: (row: LedgerRow) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  chain?: Pick<ChainOptions, "sleep" | "retryDelayMs" | "log">;
};

export type Transcript =
  | { ok: true; text: string; costUsd: number | null; route: string }
  | { ok: false; reason: string; cause: "no_route" | "unreadable" | "timeout" | "route_error" | "unheard" };

export async function transcribe(path: string, deps: TranscribeDeps): Promise<Transcript> {
  if (deps.routes.length === 0) return { ok: false, reason: TMedia.noRoute, cause: "no_route" };
  const file = Bun.file(path);
  if (!(await file.exists())) return { ok: false, reason: TMedia.unreadable, cause: "unreadable" };
  const audio = new Blob([await file.arrayBuffer()], { type: file.type });
  const ac = new AbortController();
  const onAbort = () => ac.abort();
  deps.signal?.addEventListener("abort", onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), ac.abort()), deps.timeoutMs ?? TRANSCRIBE_TIMEOUT_MS);
  const sleep = deps.chain?.sleep ?? ((ms: number) => Bun.sleep(ms));
  const log = deps.chain?.log ?? (() => {});
  try {
    for (const route of deps.routes) {
      for (let attempt = 0; attempt < 2 && !ac.signal.aborted; attempt++) {
        const started = performance.now();
        const req = { model: route.model, audio, filename: basename(path), signal: ac.signal };
        const r: TranscribeResult = await route.provider.transcribe!(req).catch((e: unknown) => ({
          ok: false as const, error: { kind: "stream" as const, message: String(e), transient: false } }));
        if (r.ok) {
          const costUsd = cost(route, r.usage);
          deps.record(ledgerRow("transcribe", route, r.usage, costUsd, started));
          const text = r.text.trim();
          if (!text) return { ok: false, reason: TMedia.unheard, cause: "unheard" };
          return { ok: true, text, costUsd, route: route.label };
        }
        log(`transcribe ${route.label}: ${r.error.message}`);
        if (!r.error.transient || ac.signal.aborted) break;
        if (attempt === 0) await sleep(deps.chain?.retryDelayMs ?? RETRY_DELAY_MS);
      }
      if (ac.signal.aborted) break;
    }
    if (timedOut) return { ok: false, reason: TMedia.timeout, cause: "timeout" };
    return { ok: false, reason: TMedia.routeError, cause: "route_error" };
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener("abort", onAbort);
  }
}

function cost(route: Route, usage: Parameters<typeof costOf>[2] | null): number | null {
  if (usage) return costOf(route.provider.name, route.model, usage, route.provider.free);
  return route.provider.free ? 0 : null;
}
