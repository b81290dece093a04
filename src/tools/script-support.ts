// What a turn or a script job lends tool_script: its corner of script_store, in the namespace the server
// chose (H-41), and how its llm.* side calls are recorded and charged (H-33).
import type { LedgerRow } from "../llm/metered.ts";
import type { Route } from "../llm/types.ts";

/** The script's own corner of script_store (built by src/turns/script-book.ts). */
export type ScriptBook = {
  /** `job:<schedule id>` or `conv:<conversation id>` (H-41). */
  namespace: string;
  /** The stored JSON of `key`, or null. */
  load(key: string): string | null;
  /** Applies a finished script's writes in one transaction, limits re-measured inside it (H-42). */
  commit(writes: { key: string; valueJson: string | null }[]): void;
};

export type ScriptSupport = {
  book: ScriptBook;
  /** A script job (I-06): nobody watches, so nothing may wait for a person, and there is no parent to
   * delegate from (H-36). */
  job: boolean;
  /** The agent's routes as the turn uses them: llm.* asks the first only (H-32). */
  routes: Route[];
  /** One ledger row of an llm.* question, against the run (and conversation). */
  record(row: LedgerRow): void;
  /** Adds an answered question's cost to the run (and conversation), like a tool's paid model call. */
  charge(costUsd: number | null): void;
};
