// Small formatting helpers shared by the views (no user-visible words here).

export function money(usd: number): string {
  if (usd === 0) return "$0";
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

/** One line of at most `max` characters, for cards and summaries. */
export function oneLine(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Avatar colour hashed from the agent id (M-64): the same everywhere. */
export function avatarHue(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 360;
}

export function initial(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}
