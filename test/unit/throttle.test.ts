// The failure throttle's sliding window: per address and global limits, Retry-After until the
// counted failure that blocks leaves the window, and a success clearing only its own address.
import { describe, expect, test } from "bun:test";
import { FailureThrottle } from "../../src/server/throttle.ts";

function throttle() {
  let now = 1_000_000;
  const t = new FailureThrottle(() => now, { windowMs: 10_000, perAddress: 3, global: 5 });
  return { t, advance: (ms: number) => (now += ms) };
}

describe("failure throttle", () => {
  test("the limit-th failure closes the address until its oldest failure leaves the window", () => {
    const { t, advance } = throttle();
    expect(t.fail("a")).toBeNull();
    advance(2000);
    expect(t.fail("a")).toBeNull();
    advance(2000);
    expect(t.fail("a")).toEqual({ retryAfterSeconds: 6, scope: "address" });
    expect(t.check("b")).toBeNull();
    advance(5999);
    expect(t.check("a")).toEqual({ retryAfterSeconds: 1, scope: "address" });
    advance(1);
    expect(t.check("a")).toBeNull();
  });

  test("the global limit closes every address; a success clears only its own count", () => {
    const { t, advance } = throttle();
    t.fail("a");
    t.fail("a");
    t.succeed("a");
    expect(t.check("a")).toBeNull();
    t.fail("b");
    t.fail("c");
    advance(1000);
    expect(t.fail("d")).toEqual({ retryAfterSeconds: 9, scope: "global" });
    expect(t.check("new")).toEqual({ retryAfterSeconds: 9, scope: "global" });
    advance(9000);
    expect(t.check("new")).toBeNull();
  });
});
