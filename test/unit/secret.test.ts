// Secret checks: digests make any two lengths comparable (timingSafeEqual alone throws on a length
// mismatch, which is the leak), empty never matches, and the Bearer scheme word is required.
import { describe, expect, test } from "bun:test";
import { bearer, sameSecret } from "../../src/server/secret.ts";

describe("sameSecret", () => {
  test("equal strings match; other lengths and contents do not, without throwing", () => {
    expect(sameSecret("mat-khau-dai", "mat-khau-dai")).toBe(true);
    for (const given of ["mat-khau", "mat-khau-dai-hon-nua", "MAT-KHAU-DAI", "x".repeat(10_000)]) {
      expect(sameSecret(given, "mat-khau-dai")).toBe(false);
    }
    expect(sameSecret("", "")).toBe(false);
  });
});

describe("bearer", () => {
  test("takes the token after the word Bearer (any case) and nothing else", () => {
    expect(bearer("Bearer abc.def")).toEqual({ kind: "token", token: "abc.def" });
    expect(bearer("bearer abc")).toEqual({ kind: "token", token: "abc" });
    expect(bearer(undefined)).toEqual({ kind: "missing" });
    expect(bearer("  ")).toEqual({ kind: "missing" });
    for (const bad of ["abc", "Basic abc", "Bearer", "Bearer a b", "Bearerabc", "Token abc"]) {
      expect(bearer(bad)).toEqual({ kind: "malformed" });
    }
  });
});
