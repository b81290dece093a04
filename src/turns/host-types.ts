// What TurnHost (host.ts) takes and holds: who reads a turn, a turn it runs, and how one starts.
import type { TurnResult } from "../agent/events.ts";
import type { TurnWatch } from "./watch.ts";

/** Who reads a turn: Stop reaches only turns this host reads (B-22, B-23). */
export type Reader = "host" | "telegram" | "job";

export type ActiveTurn = {
  conversationId: string;
  runId: string;
  source: string;
  reader: Reader;
  watch: TurnWatch;
  abort: AbortController;
  done: Promise<TurnResult>;
};

export type StartOptions = {
  source: string;
  reader?: Reader;
  afterSeq?: number;
  continueRunId?: string;
  /** A run cut by a killed process, reopened: its calls are settled as C-26 says. */
  resume?: boolean;
  /** The scheduled job this turn runs for (`<agent>/<schedule>`): stored on its run (I-04, I-11). */
  jobId?: string;
  /** Writes that commit in the same transaction as the new run (the message it answers), so a crash
   * never leaves a stored message without the run that answers it. `block` is the memory block that
   * message carries (G-05), built in the same transaction so no note slips between block and message. */
  record?: (block: string) => void;
};

/** A reader that follows the turns of its sources which the host starts itself (a queue drain, a
 * continuation after a decision): the Telegram bot reads them to the chat like the turns it starts. */
export type Follower = {
  reader: Exclude<Reader, "host">;
  reads(source: string): boolean;
  take(turn: ActiveTurn): void;
};
