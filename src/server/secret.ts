// Secret checks for the LAN login and the inbound token. Both sides are hashed to 32 bytes before a
// constant-time compare, so neither the content nor the length of the secret leaks through timing.
// Bun's own hasher and global crypto: importing node:crypto would cost a start ~12 ms (docs/performance.md).

export function sameSecret(given: string, secret: string): boolean {
  const a = new Bun.CryptoHasher("sha256").update(given).digest();
  const b = new Bun.CryptoHasher("sha256").update(secret).digest();
  return crypto.timingSafeEqual(a, b) && given.length > 0;
}

export type Bearer = { kind: "missing" } | { kind: "malformed" } | { kind: "token"; token: string };

/** The token of `Authorization: Bearer <token>`; the word Bearer is required (any case, RFC 7235). */
export function bearer(header: string | undefined): Bearer {
  if (header === undefined || header.trim() === "") return { kind: "missing" };
  const m = /^Bearer +(\S+) *$/i.exec(header);
  return m ? { kind: "token", token: m[1]! } : { kind: "malformed" };
}
