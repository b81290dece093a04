// The SSRF fence's address table: every spelling of a non-public address is refused, public ones pass.
import { describe, expect, test } from "bun:test";
import { judgeAddress, judgeHost } from "../../../src/tools/net/address.ts";
import { refuseUrl } from "../../../src/tools/net/safe-fetch.ts";

/** [host as written, the address it means, refused?] */
const TABLE: [string, string, boolean][] = [
  ["127.0.0.1", "127.0.0.1", true],
  ["127.255.255.254", "127.255.255.254", true],
  ["2130706433", "127.0.0.1", true],
  ["017700000001", "127.0.0.1", true],
  ["0177.0.0.1", "127.0.0.1", true],
  ["0x7f.0.0.1", "127.0.0.1", true],
  ["0x7f000001", "127.0.0.1", true],
  ["0x7F.0x00.0x00.0x01", "127.0.0.1", true],
  ["127.1", "127.0.0.1", true],
  ["127.0.1", "127.0.0.1", true],
  ["0x7f.1", "127.0.0.1", true],
  ["0177.1", "127.0.0.1", true],
  ["127.0.0.1.", "127.0.0.1", true],
  ["0", "0.0.0.0", true],
  ["0.0.0.0", "0.0.0.0", true],
  ["10.0.0.1", "10.0.0.1", true],
  ["012.0.0.1", "10.0.0.1", true],
  ["167772161", "10.0.0.1", true],
  ["172.16.0.1", "172.16.0.1", true],
  ["172.31.255.255", "172.31.255.255", true],
  ["172.32.0.1", "172.32.0.1", false],
  ["192.168.1.1", "192.168.1.1", true],
  ["0xc0.0xa8.1.1", "192.168.1.1", true],
  ["3232235777", "192.168.1.1", true],
  ["169.254.169.254", "169.254.169.254", true],
  ["0xa9fea9fe", "169.254.169.254", true],
  ["0xA9.254.0251.0xfe", "169.254.169.254", true],
  ["0x7f.0.0.01", "127.0.0.1", true],
  ["100.64.0.1", "100.64.0.1", true],
  ["100.127.255.255", "100.127.255.255", true],
  ["100.128.0.1", "100.128.0.1", false],
  ["224.0.0.1", "224.0.0.1", true],
  ["239.255.255.250", "239.255.255.250", true],
  ["255.255.255.255", "255.255.255.255", true],
  ["240.0.0.1", "240.0.0.1", true],
  ["192.0.0.8", "192.0.0.8", true],
  ["192.0.2.1", "192.0.2.1", true],
  ["198.18.0.1", "198.18.0.1", true],
  ["198.51.100.7", "198.51.100.7", true],
  ["203.0.113.9", "203.0.113.9", true],
  ["8.8.8.8", "8.8.8.8", false],
  ["1.1.1.1", "1.1.1.1", false],
  ["134744072", "8.8.8.8", false],
  ["93.184.215.14", "93.184.215.14", false],
  ["[::1]", "::1", true],
  ["[0:0:0:0:0:0:0:1]", "::1", true],
  ["[::]", "::", true],
  ["[::ffff:127.0.0.1]", "::ffff:7f00:1", true],
  ["[::ffff:7f00:1]", "::ffff:7f00:1", true],
  ["[::ffff:a9fe:a9fe]", "::ffff:a9fe:a9fe", true],
  ["[::ffff:10.1.2.3]", "::ffff:a01:203", true],
  ["[::ffff:8.8.8.8]", "::ffff:808:808", false],
  ["[::127.0.0.1]", "::7f00:1", true],
  ["[::7f00:1]", "::7f00:1", true],
  ["[fc00::1]", "fc00::1", true],
  ["[fd12:3456::1]", "fd12:3456::1", true],
  ["[fe80::1]", "fe80::1", true],
  ["[FE80::ABCD:1]", "fe80::abcd:1", true],
  ["[fec0::1]", "fec0::1", true],
  ["[ff02::1]", "ff02::1", true],
  ["[64:ff9b::10.0.0.1]", "64:ff9b::a00:1", true],
  ["[64:ff9b::7f00:1]", "64:ff9b::7f00:1", true],
  ["[64:ff9b::8.8.8.8]", "64:ff9b::808:808", false],
  ["[2002:c0a8:101::1]", "2002:c0a8:101::1", true],
  ["[2002:7f00:1::]", "2002:7f00:1::", true],
  ["[2002:808:808::1]", "2002:808:808::1", false],
  ["[2001::1]", "2001::1", true],
  ["[2001:db8::1]", "2001:db8::1", true],
  ["[100::1]", "100::1", true],
  ["[2606:4700:4700::1111]", "2606:4700:4700::1111", false],
  ["[2a00:1450:4001:80b::200e]", "2a00:1450:4001:80b::200e", false],
];

describe("the SSRF address table", () => {
  test("has at least 40 rows, refused and allowed both", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    expect(TABLE.filter((r) => !r[2]).length).toBeGreaterThanOrEqual(10);
  });

  for (const [host, address, refused] of TABLE) {
    test(`${host} means ${address} and is ${refused ? "refused" : "allowed"}`, () => {
      const verdict = judgeHost(host);
      expect(verdict.kind).toBe("ip");
      if (verdict.kind !== "ip") return;
      expect(verdict.address).toBe(address);
      expect(verdict.refused !== null).toBe(refused);
      const sentence = refuseUrl(`http://${host}/`);
      if (refused) expect(sentence).toContain(`leads to ${address}`);
      else expect(sentence).toBeNull();
    });
  }

  test("the URL parser and the fence read the same spelling the same way", () => {
    for (const [host, address] of TABLE) {
      const parsed = new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, "");
      expect(parsed).toBe(address);
    }
  });

  test("names are not addresses: they are judged by what they resolve to", () => {
    for (const host of ["example.com", "localhost", "1.2.3.4.5", "0x7g.0.0.1", "256.1.1.1", "1e1.1.1.1"]) {
      expect(judgeHost(host).kind).toBe("name");
    }
  });

  test("resolved addresses are judged in the resolver's spelling, unreadable ones refused", () => {
    expect(judgeAddress("127.0.0.1")).toContain("loopback");
    expect(judgeAddress("::ffff:169.254.169.254")).toContain("link-local");
    expect(judgeAddress("fe80::1%eth0")).toContain("link-local");
    expect(judgeAddress("8.8.8.8")).toBeNull();
    expect(judgeAddress("not-an-address")).not.toBeNull();
  });

  test("a refusal names the address and the name that pointed to it", () => {
    expect(refuseUrl("http://0x7f.1:8080/admin")).toBe(
      "Refused: http://127.0.0.1:8080/admin leads to 127.0.0.1, a loopback address (this machine). fetch_url only " +
        "reaches public internet addresses; this is never allowed, whoever approves. Use a public URL instead.",
    );
  });

  test("only http and https are fetched", () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/x", "gopher://example.com/", "data:text/plain,hi"]) {
      expect(refuseUrl(url)).toMatch(/^fetch_url only reads http and https addresses/);
    }
    expect(refuseUrl("not a url")).toMatch(/is not a valid URL/);
    expect(refuseUrl("https://example.com/")).toBeNull();
  });
});
