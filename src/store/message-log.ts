// A conversation's messages kept in memory and extended with only what was appended since the last read.
// The log is append-only (K-02, seq contiguous), so rows after the last seen seq are all that can change;
// the turn loop reads the history several times a turn and would otherwise re-read thousands of rows.
import type { Store } from "./db.ts";
import { listMessages, type Message } from "./messages.ts";

type Log = { rows: Message[]; lastSeq: number };

/** Conversations kept per store, least recently read dropped first. */
const KEEP = 16;
const logs = new WeakMap<Store, Map<string, Log>>();

/**
 * Every message of the conversation in seq order. The array is shared: callers must not change it.
 * Inside a transaction the rows are read afresh and not kept: a rollback could take some of them back.
 */
export function messageLog(store: Store, conversationId: string): readonly Message[] {
  if (store.db.inTransaction) return listMessages(store, conversationId);
  let byConversation = logs.get(store);
  if (!byConversation) logs.set(store, (byConversation = new Map()));
  const log = byConversation.get(conversationId) ?? { rows: [], lastSeq: 0 };
  byConversation.delete(conversationId);
  const fresh = listMessages(store, conversationId, log.lastSeq);
  if (fresh.length > 0) {
    for (const m of fresh) log.rows.push(m);
    log.lastSeq = fresh[fresh.length - 1]!.seq;
  }
  byConversation.set(conversationId, log);
  if (byConversation.size > KEEP) byConversation.delete(byConversation.keys().next().value!);
  return log.rows;
}

/** Drops a conversation's log: its rows went (deleted), so appending after the last seq no longer holds. */
export function forgetLog(store: Store, conversationId: string): void {
  logs.get(store)?.delete(conversationId);
}

type Folded<T> = { seen: number; value: T };

/**
 * A value folded over a log's rows, extended with only the rows appended since it was last asked for.
 * `cache` is keyed by the rows array messageLog returned, so a log read afresh folds again from the start.
 */
export function foldLog<T>(
  rows: readonly Message[],
  cache: WeakMap<readonly Message[], Folded<T>>,
  init: () => T,
  add: (acc: T, m: Message) => void,
): T {
  let folded = cache.get(rows);
  if (!folded || folded.seen > rows.length) cache.set(rows, (folded = { seen: 0, value: init() }));
  for (; folded.seen < rows.length; folded.seen++) add(folded.value, rows[folded.seen]!);
  return folded.value;
}
