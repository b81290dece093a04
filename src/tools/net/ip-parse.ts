// Reads every spelling of an IP address a URL host or a resolver may carry: IPv4 the way inet_aton and
// the WHATWG URL parser read it (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, short 127.1) and
// IPv6 (compressed, embedded IPv4, zone ids, brackets). Anything else is a host name.

export type Ip = { version: 4; bytes: number[] } | { version: 6; bytes: number[] };

/** The address a host spells, or null when it is a name. */
export function parseIp(host: string): Ip | null {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.includes(":")) {
    const v6 = parseIPv6(h);
    return v6 ? { version: 6, bytes: v6 } : null;
  }
  const v4 = parseIPv4(h);
  return v4 ? { version: 4, bytes: v4 } : null;
}

/** inet_aton: 1–4 parts, each decimal, octal (leading 0) or hex (0x); the last part fills the rest. */
export function parseIPv4(host: string): number[] | null {
  const h = host.endsWith(".") ? host.slice(0, -1) : host;
  const parts = h.split(".");
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const v = parseNumber(part);
    if (v === null) return null;
    values.push(v);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  const bytes = [...values];
  for (let i = 4 - values.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

function parseNumber(part: string): number | null {
  if (/^0x[0-9a-f]*$/.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/** 16 bytes of an IPv6 address (zone id dropped), or null when it is not one. */
export function parseIPv6(host: string): number[] | null {
  const h = host.split("%")[0]!;
  if (!/^[0-9a-f:.]+$/.test(h)) return null;
  const halves = h.split("::");
  if (halves.length > 2) return null;
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 255]);
}

/** The 16-bit groups of one side of "::"; a dotted IPv4 may end the last side. */
function groups(side: string): number[] | null {
  if (side === "") return [];
  const parts = side.split(":");
  const out: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (i === parts.length - 1 && p.includes(".")) {
      if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(p)) return null;
      const b = p.split(".").map(Number);
      if (b.some((x) => x > 255)) return null;
      out.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
    } else {
      if (!/^[0-9a-f]{1,4}$/.test(p)) return null;
      out.push(Number.parseInt(p, 16));
    }
  }
  return out;
}

/** The usual text of an address (dotted IPv4; IPv6 compressed the way URL does). */
export function formatIp(ip: Ip): string {
  if (ip.version === 4) return ip.bytes.join(".");
  const g: string[] = [];
  for (let i = 0; i < 16; i += 2) g.push(((ip.bytes[i]! << 8) | ip.bytes[i + 1]!).toString(16));
  return new URL(`http://[${g.join(":")}]/`).hostname.slice(1, -1);
}
