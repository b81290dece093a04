// Failed secret attempts (LAN login, inbound token), counted per client address and across all
// addresses in a sliding 10-minute window. Held in memory: a restart forgets them (decisions.md).
export const THROTTLE = { windowMs: 10 * 60_000, perAddress: 5, global: 30 } as const;

export type Refusal = { retryAfterSeconds: number; scope: "address" | "global" };

export class FailureThrottle {
  private readonly byAddress = new Map<string, number[]>();
  private everyone: number[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly limits: { windowMs: number; perAddress: number; global: number } = THROTTLE,
  ) {}

  /** Null when this address may try a secret now; otherwise how long to wait, and why. */
  check(address: string): Refusal | null {
    const now = this.now();
    const mine = this.recent(address, now);
    this.everyone = this.everyone.filter((t) => t > now - this.limits.windowMs);
    const own = this.waitMs(mine, this.limits.perAddress, now);
    const all = this.waitMs(this.everyone, this.limits.global, now);
    if (own === 0 && all === 0) return null;
    const seconds = Math.max(1, Math.ceil(Math.max(own, all) / 1000));
    return { retryAfterSeconds: seconds, scope: own >= all ? "address" : "global" };
  }

  /** Records a wrong secret; returns the refusal the next attempt would get (so it can be logged once). */
  fail(address: string): Refusal | null {
    const now = this.now();
    for (const [a, times] of this.byAddress) {
      if (a !== address && times.every((t) => t <= now - this.limits.windowMs)) this.byAddress.delete(a);
    }
    this.byAddress.set(address, [...this.recent(address, now), now]);
    this.everyone.push(now);
    return this.check(address);
  }

  /** A right secret clears its address's count (the global count keeps it: guesses still happened). */
  succeed(address: string): void {
    this.byAddress.delete(address);
  }

  private recent(address: string, now: number): number[] {
    return (this.byAddress.get(address) ?? []).filter((t) => t > now - this.limits.windowMs);
  }

  /** With `times` ascending, waiting until the limit-th newest leaves the window frees one attempt. */
  private waitMs(times: number[], limit: number, now: number): number {
    if (times.length < limit) return 0;
    return times[times.length - limit]! + this.limits.windowMs - now;
  }
}
