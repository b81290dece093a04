// The long-poll loop (L-78, L-79, L-41…L-43, ★ exactly once): getUpdates from the first unhandled id,
// hand over each message or album once, never waiting for a turn (L-59). The offset stays on the first
// unhandled update so Telegram keeps it until it is handled; the ledger skips what was handled already.
import { crashPoint } from "../crash-point.ts";
import type { Store } from "../store/db.ts";
import {
  beginAttempt, handledAmong, heldUpdates, holdUpdates, markHandled, pruneUpdates,
} from "../store/telegram-updates.ts";
import { readOffset, writeOffset } from "./offsets.ts";
import { TIMEOUTS, type BotApi, type IncomingHandler, type TgUpdate } from "./types.ts";
import { groupUnits, mergeUpdates, openAlbum } from "./units.ts";

export type PollDelays = {
  /** Between getUpdates calls while another process polls the bot (L-79). */
  conflictMs: number;
  /** After the n-th failure in a row (the last one repeats). */
  errorMs: number[];
  /** Re-polls when a poll ends inside an album, each waiting this many seconds on Telegram (L-43). */
  albumRepolls: number;
  albumWaitS: number;
};
export const POLL_DELAYS: PollDelays = {
  conflictMs: 5000, errorMs: [1000, 2000, 5000, 15_000, 60_000], albumRepolls: 3, albumWaitS: 1,
};
/** A third beginning of one update means it killed or failed the handler twice: skip it. */
export const MAX_ATTEMPTS = 2;
const LONG_POLL_S = 25;

export type PollEvent = { kind: "polled" } | { kind: "update" } | { kind: "error"; text: string };

export type PollDeps = {
  api: BotApi;
  botId: number;
  chatId: number;
  store: Store;
  offsetFile: string;
  handler: IncomingHandler;
  log: (line: string) => void;
  /** Aborting it cuts an idle long poll and ends the loop before the next unit (L-81). */
  signal: AbortSignal;
  delays?: Partial<PollDelays>;
  report?: (e: PollEvent) => void;
};

/** Polls until `signal` aborts; resolves once the loop has ended. */
export async function pollLoop(d: PollDeps): Promise<void> {
  const delays = { ...POLL_DELAYS, ...d.delays };
  let offset = readOffset(d.offsetFile, d.botId);
  let pruned = -1;
  let failures = 0;
  // A failure is logged when it starts or changes, not at every retry (a wrong token would fill the log).
  let failing = "";
  const fail = async (e: unknown) => {
    const err = e as Error & { conflict?: boolean };
    d.report?.({ kind: "error", text: err.message });
    const line = err.conflict ? "telegram: another poller holds this bot" : err.message;
    if (line !== failing) d.log(line);
    failing = line;
    const backoff = delays.errorMs[Math.min(failures++, delays.errorMs.length - 1)]!;
    await pause(err.conflict ? delays.conflictMs : backoff, d.signal);
  };
  while (!d.signal.aborted) {
    let updates: TgUpdate[];
    let held: TgUpdate[];
    try {
      // Held updates (a crash mid-album) are handled at once, not after an idle long poll.
      held = heldUpdates(d.store, d.botId);
      updates = await getUpdates(d, offset, held.length > 0 ? 0 : LONG_POLL_S);
    } catch (e) {
      if (!d.signal.aborted) await fail(e);
      continue;
    }
    if (failing) d.log("telegram: polling again");
    failures = 0;
    failing = "";
    d.report?.({ kind: "polled" });
    try {
      if (offset > pruned) {
        pruneUpdates(d.store, d.botId, offset);
        pruned = offset;
      }
      const batch = await completeAlbum(d, mergeUpdates(held, updates), delays);
      const next = await handleBatch(d, batch, offset);
      if (next.offset !== offset) writeOffset(d.offsetFile, d.botId, next.offset);
      offset = next.offset;
      if (next.failed) await fail(next.failed);
    } catch (e) {
      // The store or the offset file failed: nothing after the failure counts as handled; poll again.
      await fail(new Error(`telegram: ${(e as Error).message}`));
    }
  }
}

function getUpdates(d: PollDeps, offset: number, timeout: number): Promise<TgUpdate[]> {
  const params = { offset, timeout, allowed_updates: ["message"] };
  return d.api.call<TgUpdate[]>("getUpdates", params, { timeoutMs: TIMEOUTS.pollMs, signal: d.signal });
}

/**
 * A poll that ends inside an album asks again, up to three times, for the rest (L-43). Asking from past
 * the album confirms its first updates at Telegram, so they are held in the ledger first: a crash
 * before they are handled still finds them there.
 */
async function completeAlbum(d: PollDeps, batch: TgUpdate[], delays: PollDelays): Promise<TgUpdate[]> {
  for (let i = 0; i < delays.albumRepolls && !d.signal.aborted; i++) {
    const album = openAlbum(batch);
    if (!album) break;
    const done = handledAmong(d.store, d.botId, batch.map((u) => u.update_id));
    holdUpdates(d.store, d.botId, batch.filter((u) => !done.has(u.update_id)));
    crashPoint("telegram-held");
    try {
      batch = mergeUpdates(batch, await getUpdates(d, batch[batch.length - 1]!.update_id + 1, delays.albumWaitS));
    } catch (e) {
      if (!d.signal.aborted) d.log((e as Error).message);
      break;
    }
  }
  return batch;
}

type Next = { offset: number; failed: Error | null };

/** Hands over each unhandled unit in order; the next offset, or the failed unit's to try it again. */
async function handleBatch(d: PollDeps, batch: TgUpdate[], offset: number): Promise<Next> {
  const done = handledAmong(d.store, d.botId, batch.map((u) => u.update_id));
  for (const unit of groupUnits(batch)) {
    const fresh = unit.filter((u) => !done.has(u.update_id));
    if (fresh.length === 0) continue;
    // Stopping leaves the rest unconfirmed for the next bot (L-81).
    if (d.signal.aborted) return { offset: fresh[0]!.update_id, failed: null };
    const failed = await handleUnit(d, fresh);
    if (failed) return { offset: fresh[0]!.update_id, failed };
  }
  const last = batch[batch.length - 1];
  return { offset: last ? last.update_id + 1 : offset, failed: null };
}

/** One message or album: null once it is handled (or skipped for good), the failure when the handler threw. */
async function handleUnit(d: PollDeps, unit: TgUpdate[]): Promise<Error | null> {
  const ids = unit.map((u) => u.update_id);
  writeOffset(d.offsetFile, d.botId, ids[0]!);
  crashPoint("telegram-offset");
  const chat = unit[0]!.message?.chat.id;
  if (chat !== d.chatId) {
    if (chat !== undefined) d.log(`telegram: ignored an update from chat ${chat}`);
    markHandled(d.store, d.botId, ids);
    return null;
  }
  if (beginAttempt(d.store, d.botId, ids) > MAX_ATTEMPTS) {
    d.log(`telegram: update ${ids.join(",")} skipped: handling it was cut or failed ${MAX_ATTEMPTS} times`);
    markHandled(d.store, d.botId, ids);
    return null;
  }
  crashPoint("telegram-begun");
  const handled = () => markHandled(d.store, d.botId, ids);
  try {
    await d.handler({ updateIds: ids, messages: unit.map((u) => u.message!), handled });
  } catch (e) {
    return new Error(`telegram: update ${ids.join(",")} not handled: ${(e as Error).message}`);
  }
  // A handler that answered without storing anything has not marked it yet (idempotent when it has).
  handled();
  crashPoint("telegram-accepted");
  d.report?.({ kind: "update" });
  return null;
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
