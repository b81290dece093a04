// Whether an IP address is on the public internet (fetch_url's SSRF fence): every special-purpose range
// of IPv4 and IPv6 is refused, and IPv6 forms that carry an IPv4 inside (mapped, compatible, NAT64,
// 6to4) are judged by that IPv4. Only global unicast 2000::/3 is public in IPv6.
import { formatIp, type Ip, parseIp } from "./ip-parse.ts";

type Range = { net: number[]; bits: number; what: string };

const V4: Range[] = [
  [[0, 0, 0, 0], 8, "a \"this network\" address (0.0.0.0/8)"],
  [[10, 0, 0, 0], 8, "a private network address"],
  [[100, 64, 0, 0], 10, "a carrier-grade NAT address (100.64.0.0/10)"],
  [[127, 0, 0, 0], 8, "a loopback address (this machine)"],
  [[169, 254, 0, 0], 16, "a link-local address (cloud metadata lives here)"],
  [[172, 16, 0, 0], 12, "a private network address"],
  [[192, 0, 0, 0], 24, "an IETF protocol address (192.0.0.0/24)"],
  [[192, 0, 2, 0], 24, "a documentation address"],
  [[192, 88, 99, 0], 24, "a 6to4 relay address (192.88.99.0/24)"],
  [[192, 168, 0, 0], 16, "a private network address"],
  [[198, 18, 0, 0], 15, "a benchmarking address (198.18.0.0/15)"],
  [[198, 51, 100, 0], 24, "a documentation address"],
  [[203, 0, 113, 0], 24, "a documentation address"],
  [[224, 0, 0, 0], 4, "a multicast address"],
  [[255, 255, 255, 255], 32, "the broadcast address"],
  [[240, 0, 0, 0], 4, "a reserved address (240.0.0.0/4)"],
].map(([net, bits, what]) => ({ net: net as number[], bits: bits as number, what: what as string }));

const V6: Range[] = [
  [[], 128, "the unspecified address (::)"],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, "a loopback address (this machine)"],
  [[0x20, 0x01, 0x0d, 0xb8], 32, "a documentation address"],
  [[0x20, 0x01, 0, 0], 23, "an IETF special-purpose address (Teredo and others, 2001::/23)"],
  [[0x3f, 0xff], 20, "a documentation address"],
  [[0xfc], 7, "a private network address (unique local, fc00::/7)"],
  [[0xfe, 0x80], 10, "a link-local address"],
  [[0xfe, 0xc0], 10, "a site-local address"],
  [[0xff], 8, "a multicast address"],
].map(([net, bits, what]) => ({ net: pad(net as number[]), bits: bits as number, what: what as string }));

/** Why `ip` is not public, or null when it is. */
export function whyNotPublic(ip: Ip): string | null {
  if (ip.version === 4) return match(ip.bytes, V4) ?? null;
  const b = ip.bytes;
  const inner = embeddedV4(b);
  if (inner) {
    const why = whyNotPublic({ version: 4, bytes: inner.v4 });
    return why ? `${why}, written as ${inner.form}` : null;
  }
  const special = match(b, V6);
  if (special) return special;
  if ((b[0]! & 0xe0) !== 0x20) return "a reserved IPv6 address (outside global unicast 2000::/3)";
  return null;
}

/** The IPv4 an IPv6 address carries: IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedV4(b: number[]): { v4: number[]; form: string } | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const last = b.slice(12, 16);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return { v4: last, form: "an IPv4-mapped IPv6 address" };
  if (zeros(0, 12) && !zeros(12, 14)) return { v4: last, form: "an IPv4-compatible IPv6 address" };
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) {
    return { v4: last, form: "a NAT64 IPv6 address" };
  }
  if (b[0] === 0x20 && b[1] === 0x02) return { v4: b.slice(2, 6), form: "a 6to4 IPv6 address" };
  return null;
}

function match(bytes: number[], ranges: Range[]): string | undefined {
  return ranges.find((r) => inRange(bytes, r.net, r.bits))?.what;
}

function inRange(bytes: number[], net: number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8]! & mask) !== (net[i / 8]! & mask)) return false;
  }
  return true;
}

function pad(net: number[]): number[] {
  return [...net, ...Array<number>(16 - net.length).fill(0)];
}

export type HostVerdict = { kind: "name" } | { kind: "ip"; address: string; refused: string | null };

/** A URL host (any spelling of an address, or a name): for an address, its usual text and why it is refused. */
export function judgeHost(host: string): HostVerdict {
  const ip = parseIp(host);
  if (!ip) return { kind: "name" };
  return { kind: "ip", address: formatIp(ip), refused: whyNotPublic(ip) };
}

/** For a resolved address string: why it is refused, or null when it is public. Unparseable = refused. */
export function judgeAddress(address: string): string | null {
  const ip = parseIp(address);
  return ip ? whyNotPublic(ip) : "not an address the fence can read";
}
