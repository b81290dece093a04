// Waiting for turns to end, with a bound: shutdown (host.ts) and the Telegram bot's stop (L-81) both let
// running turns finish for a while and then go on regardless.

/** Resolves true when every promise has settled, false when `ms` passed first. Never rejects. */
export async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const all = Promise.allSettled(promises).then(() => true as const);
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}
