import { describe, expect, test } from "bun:test";
import { shortenError, truncate } from "../../../src/agent/tool-output.ts";
import { redactDeep, redactor, secretValues } from "../../../src/export/redact.ts";
import { T } from "../../../src/texts/vi.ts";

const R = T.redacted;
const KEY = "q9Xv7Lm2Pz4Rt8Wk1Ys6"; // 20 characters, no well-known shape
const env = { MY_SERVICE_API_KEY: KEY, HOME: "/home/owner/somewhere", SHORT_TOKEN: "abc1234", EDGE_SECRET: "12345678" };
const redact = redactor(env);

describe("export redaction", () => {
  test("secret-named env values of at least 8 characters are hidden; others and shorter ones are not", () => {
    expect(secretValues(env)).toEqual([KEY, "12345678"]);
    expect(redact(`key=${KEY}; home=/home/owner/somewhere; short=abc1234; edge=12345678`)).toBe(
      `key=${R}; home=/home/owner/somewhere; short=abc1234; edge=${R}`,
    );
  });

  test("every name marker counts, in any case", () => {
    const names = ["GH_TOKEN", "CLIENT_SECRET", "DB_PASSWORD", "AWS_CREDENTIALS", "stripe_key"];
    const values = secretValues(Object.fromEntries(names.map((n, i) => [n, `value-${i}-long`])));
    expect(values.length).toBe(names.length);
  });

  test("well-known shapes are hidden without being in the env: sk- keys, Bearer tokens, JWTs", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    expect(redactor({})(`use sk-proj-AbCdEf1234567890xyz now`)).toBe(`use ${R} now`);
    expect(redactor({})(`Authorization: Bearer abcDEF123456.789-_~+/xyz==`)).toBe(`Authorization: Bearer ${R}`);
    expect(redactor({})(`token ${jwt}.`)).toBe(`token ${R}.`);
    // Ordinary prose is left alone.
    expect(redactor({})("ask for a Bearer token; the sk-one file; eyJ is a prefix")).toBe("ask for a Bearer token; the sk-one file; eyJ is a prefix");
  });

  test("a leading fragment at the end of a shortened text is hidden", () => {
    expect(redact(`summary ends with ${KEY.slice(0, 12)}`)).toBe(`summary ends with ${R}`);
    // Under 8 characters a fragment is too weak a match to touch.
    expect(redact(`summary ends with ${KEY.slice(0, 7)}`)).toBe(`summary ends with ${KEY.slice(0, 7)}`);
  });

  test("a trailing fragment at the start of a text is hidden", () => {
    expect(redact(`${KEY.slice(-9)} and the rest`)).toBe(`${R} and the rest`);
  });

  test("fragments on both sides of an ellipsis are hidden, as a failed step stores them (J-21)", () => {
    // The secret straddles character 200, so the head keeps its first part just before "…".
    const head = `${"a".repeat(190)}${KEY}${"b".repeat(500)}`;
    const cutHead = shortenError(head);
    expect(cutHead).toContain(`${KEY.slice(0, 10)}…`);
    expect(redact(cutHead)).toBe(`${"a".repeat(190)}${R}…${"b".repeat(400)}`);
    // Here it straddles the start of the last 400, so the tail starts with its second part after "…".
    const tail = `${"c".repeat(500)}${KEY}${"d".repeat(390)}`;
    const cutTail = shortenError(tail);
    expect(cutTail).toContain(`…${KEY.slice(10)}`);
    expect(redact(cutTail)).toBe(`${"c".repeat(200)}…${R}${"d".repeat(390)}`);
  });

  test("fragments around the tool-output truncation marker (newline + ellipsis) are hidden too", () => {
    // truncate(…, 80) keeps the first 56 and the last 24 characters: each copy of the key is cut in two.
    const cut = truncate(`${"x".repeat(46)}${KEY}${"z".repeat(300)}${KEY}${"y".repeat(14)}`, 80);
    expect(cut).toBe(`${"x".repeat(46)}${KEY.slice(0, 10)}\n…[truncated: the full output was 400 characters]…\n${KEY.slice(10)}${"y".repeat(14)}`);
    expect(redact(cut)).toBe(`${"x".repeat(46)}${R}\n…[truncated: the full output was 400 characters]…\n${R}${"y".repeat(14)}`);
  });

  test("only fragments of real secrets are touched, and a full secret next to an ellipsis stays one marker", () => {
    expect(redact("plain words … more plain words")).toBe("plain words … more plain words");
    expect(redact(`${KEY}…${KEY}`)).toBe(`${R}…${R}`);
  });

  test("redactDeep hides secrets in every string of a nested record, keys untouched", () => {
    const out = redactDeep({ a: [KEY, { b: `x ${KEY}`, n: 3, ok: true, none: null }], [KEY]: "v" }, redact);
    expect(out).toEqual({ a: [R, { b: `x ${R}`, n: 3, ok: true, none: null }], [KEY]: "v" });
  });
});
