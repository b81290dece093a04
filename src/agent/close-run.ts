// Closing a run survives a failing store (a full disk, issue 9): the status write is retried with a
// growing pause; a run that still cannot be closed stays `running`, and the next boot closes it (C-09).
import type { RunEnd, TurnStore } from "./turn-store.ts";

/** Pauses before each retry of a failed status write. */
export const CLOSE_RETRY_MS = [100, 500, 2000];

/** Writes the run's end; true once it is stored, false when every attempt failed. */
export async function closeRun(store: TurnStore, end: RunEnd, log?: (line: string) => void): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      store.finish(end);
      return true;
    } catch (e) {
      const wait = CLOSE_RETRY_MS[attempt];
      const why = (e as Error)?.message ?? String(e);
      if (wait === undefined) {
        log?.(`run ${store.runId}: status ${end.status} could not be written (${why}); the next boot closes it`);
        return false;
      }
      log?.(`run ${store.runId}: writing status ${end.status} failed (${why}); retrying in ${wait} ms`);
      await Bun.sleep(wait);
    }
  }
}
