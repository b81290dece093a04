// Model calls outside the turn loop (E-03): titles, summaries, tool-output summaries, scripts'
// llm.* questions… Each goes through the chain and leaves one ledger row per attempt that produced
// anything — metrics and purpose only, never the prompt (N-10). An attempt abandoned after its first
// chunk (retried, failed, timed out) is still recorded, with unknown cost (A-13, E-07).
import { streamChain, type ChainOptions } from "./chain.ts";
import { costOf } from "./pricing.ts";
import type { ChatMessage, Route, Usage } from "./types.ts";

export type LedgerRow = {
  purpose: string;
  provider: string;
  model: string;
  costUsd: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  reasoningTokens: number | null;
  durationMs: number;
};

export type SideCallRequest = {
  purpose: string;
  system: string;
  messages: ChatMessage[];
  maxTokens?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export type SideCallResult = { ok: boolean; text: string; costUsd: number | null; error?: string };

export async function sideCall(
  routes: Route[],
  req: SideCallRequest,
  record: (row: LedgerRow) => void,
  chain: ChainOptions = {},
): Promise<SideCallResult> {
  const ac = new AbortController();
  const onAbort = () => ac.abort();
  req.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = req.timeoutMs ? setTimeout(() => ac.abort(), req.timeoutMs) : undefined;
  let current: { route: Route; started: number; streamed: boolean; usage: Usage | null } | null = null;
  let text = "";
  const abandon = () => {
    if (current?.streamed) record(ledgerRow(req.purpose, current.route, current.usage, null, current.started));
  };
  try {
    const modelReq = {
      model: "",
      system: req.system,
      messages: req.messages,
      tools: [],
      signal: ac.signal,
      maxTokens: req.maxTokens,
    };
    for await (const item of streamChain(routes, modelReq, chain)) {
      switch (item.kind) {
        case "attempt":
          abandon();
          current = { route: item.route, started: performance.now(), streamed: false, usage: null };
          text = "";
          break;
        case "text":
          text += item.text;
          if (current) current.streamed = true;
          break;
        case "usage":
          if (current) current.usage = item.usage;
          break;
        case "failed":
          abandon();
          return { ok: false, text: "", costUsd: null, error: item.error.message };
        case "route_retry": case "fallback": case "end": case "tool_call_delta":
          break;
        case "thinking":
          if (current) current.streamed = true;
          break;
      }
    }
    if (!current) return { ok: false, text: "", costUsd: null, error: "no route" };
    const { provider, model } = current.route;
    const cost = current.usage
      ? costOf(provider.name, model, current.usage, provider.free)
      : provider.free
        ? 0
        : null;
    record(ledgerRow(req.purpose, current.route, current.usage, cost, current.started));
    return { ok: true, text, costUsd: cost };
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", onAbort);
  }
}

/** One ledger row of an attempt (also transcribe's). */
export function ledgerRow(
  purpose: string, route: Route, usage: Usage | null, costUsd: number | null, started: number,
): LedgerRow {
  return {
    purpose,
    provider: route.provider.name,
    model: route.model,
    costUsd,
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    cachedTokens: usage?.cachedTokens ?? null,
    reasoningTokens: usage?.reasoningTokens ?? null,
    durationMs: Math.round(performance.now() - started),
  };
}
