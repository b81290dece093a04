// Condition waits for tests: poll a real condition until it holds, with a deadline generous enough for a
// machine whose CPUs are busy with something else. The poll interval only paces the checks.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
/** Generous default deadline: a passing test never waits for it, a failing one reports after it. */
export const PATIENCE = 20_000;

/** Polls `what` until `ok` holds and returns that value, or the last value after `ms` (the caller asserts). */
export async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean, ms = PATIENCE): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > deadline) return v;
    await Bun.sleep(25);
  }
}

/** Retries an assertion until it holds, rethrowing its last failure after `ms`. */
export async function eventually(assertion: () => unknown, ms = PATIENCE): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await Bun.sleep(50);
    }
  }
}

/**
 * A shell command that runs until the test opens its gate: a turn kept busy exactly as long as the test
 * needs, however slow the machine. `started` waits until the command runs; `open` lets it end. A server
 * killed mid-command leaves it running in its sandbox, so it also gives up after 12,000 polls (at least
 * 10 minutes): a run that was interrupted before it could open the gate leaves nothing behind for good.
 */
export function gate(workspace: string) {
  const name = `gate-${crypto.randomUUID().slice(0, 8)}`;
  const shut = `[ ! -e ${name}.open ] && [ $n -lt 12000 ]`;
  return {
    command: `touch ${name}.started; n=0; while ${shut}; do sleep 0.05; n=$((n+1)); done`,
    started: () => until(() => existsSync(join(workspace, `${name}.started`)), Boolean),
    open: () => {
      mkdirSync(workspace, { recursive: true });
      writeFileSync(join(workspace, `${name}.open`), "");
    },
  };
}
