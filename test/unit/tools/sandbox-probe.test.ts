// The start-up's non-blocking sandbox probe (src/tools/sandbox.ts): `my-crew serve` runs it beside
// loading the config, so it must find exactly what the blocking probe finds.
import { describe, expect, test } from "bun:test";
import { probeSandbox, probeSandboxAsync } from "../../../src/tools/sandbox.ts";

describe("non-blocking sandbox probe", () => {
  test("finds what the blocking probe finds: bwrap here, none, or one that cannot build a sandbox", async () => {
    expect(await probeSandboxAsync()).toEqual(probeSandbox());
    expect(await probeSandboxAsync(() => null)).toEqual(probeSandbox(() => null));
    const broken = await probeSandboxAsync(() => "/bin/false");
    expect(broken).toMatchObject({ bwrap: null, installed: true, reason: expect.stringContaining("cannot build") });
    expect(broken).toEqual(probeSandbox(() => "/bin/false"));
  });
});
