// Redaction for text leaving the machine (N-08, J-16, J-17), best effort: values of secret-named env
// vars, strings shaped like well-known keys, and fragments of a secret that shortening cut in two.
// Secrets from anywhere else (typed by the user, read from a file) are NOT found: hence the reminder.
import { T } from "../texts/vi.ts";

export const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
/** Shorter values are too likely to be ordinary words or numbers (and too short to matter). */
export const MIN_SECRET = 8;
const ELLIPSIS = "…";

// Shapes of well-known credentials: OpenAI/Anthropic-style `sk-…` keys, JWTs (header segment always
// starts `eyJ`, i.e. base64url of `{"`), and the token of an HTTP Bearer header (the word is kept).
const SHAPES: [RegExp, (match: string, word?: string) => string][] = [
  [/\bsk-[A-Za-z0-9_-]{8,}/g, () => T.redacted],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, () => T.redacted],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi, (_m, word) => `${word}${T.redacted}`],
];

export type Redactor = (text: string) => string;

/** The secret values to hide: env vars whose NAME looks secret and whose value is ≥ 8 characters. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value !== undefined && value.length >= MIN_SECRET)
    .map(([, value]) => value!);
  // Longest first, so a secret that contains another is replaced whole.
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

export function redactor(env: Record<string, string | undefined>): Redactor {
  const secrets = secretValues(env);
  return (text) => {
    let out = text;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join(T.redacted);
    for (const [re, to] of SHAPES) out = out.replace(re, to);
    return redactFragments(out, secrets);
  };
}

/** Every string inside a JSON-like value, redacted (object keys are left as they are). */
export function redactDeep<V>(value: V, redact: Redactor): V {
  if (typeof value === "string") return redact(value) as V;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as V;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as V;
  }
  return value;
}

/**
 * J-17: stored text is often shortened (a failed step keeps its first 200 characters, "…", its last
 * 400), so a secret may survive only in part. A leading part of ≥ 8 characters is hidden where text
 * was cut after it (end of text, or before "…"), a trailing part where text was cut before it (start
 * of text, or after "…"). One newline between the fragment and "…" is allowed (tool-output truncation).
 */
export function redactFragments(text: string, secrets: string[]): string {
  if (secrets.length === 0) return text;
  const ends = [text.length];
  const starts = [0];
  for (let i = text.indexOf(ELLIPSIS); i >= 0; i = text.indexOf(ELLIPSIS, i + 1)) {
    ends.push(text[i - 1] === "\n" ? i - 1 : i);
    starts.push(text[i + 1] === "\n" ? i + 2 : i + 1);
  }
  const cuts: [number, number][] = [];
  for (const s of secrets) {
    for (const end of ends) {
      const n = leadingBefore(text, s, end);
      if (n) cuts.push([end - n, end]);
    }
    for (const start of starts) {
      const n = trailingAfter(text, s, start);
      if (n) cuts.push([start, start + n]);
    }
  }
  return replaceRanges(text, cuts);
}

/** Length of the longest proper prefix of s (≥ 8) that text has just before `end`, or 0. */
function leadingBefore(text: string, s: string, end: number): number {
  const from = Math.max(0, end - s.length + 1);
  const win = text.slice(from, end);
  const head = s.slice(0, MIN_SECRET);
  // The first place the secret's head occurs gives the longest candidate.
  for (let i = win.indexOf(head); i >= 0; i = win.indexOf(head, i + 1)) {
    if (s.startsWith(win.slice(i))) return win.length - i;
  }
  return 0;
}

/** Length of the longest proper suffix of s (≥ 8) that text has just after `start`, or 0. */
function trailingAfter(text: string, s: string, start: number): number {
  const win = text.slice(start, start + s.length - 1);
  const tail = s.slice(-MIN_SECRET);
  let best = 0;
  for (let i = win.indexOf(tail); i >= 0; i = win.indexOf(tail, i + 1)) {
    if (s.endsWith(win.slice(0, i + MIN_SECRET))) best = i + MIN_SECRET;
  }
  return best;
}

/** Replaces each range (overlaps merged) with the marker, right to left so indexes stay valid. */
function replaceRanges(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  const sorted = ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  let out = text;
  for (const [a, b] of merged.reverse()) out = out.slice(0, a) + T.redacted + out.slice(b);
  return out;
}
