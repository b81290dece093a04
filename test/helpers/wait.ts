// Condition waits for tests: poll a real condition until it holds, with a deadline generous enough for a
// machine whose CPUs are busy with something else. The poll interval only paces the checks.
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
