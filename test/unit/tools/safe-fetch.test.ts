// safe-fetch's connection rules: it connects to the address it checked (never a second lookup), keeps the
// URL's name for Host, TLS SNI and the certificate, and turns network failures into sentences.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FenceError, safeFetch } from "../../../src/tools/net/safe-fetch.ts";
import { type Local, serve, TLS } from "./web-servers.ts";

let decoy: Local;
let real: Local;
let secure: Local;
let silent: Local;
const asked: string[] = [];
/** Answers like a DNS server that was told "localhost" and "pinned.example" live on 127.0.0.2. */
const resolve = async (host: string) => {
  asked.push(host);
  return ["127.0.0.2"];
};

beforeAll(() => {
  real = serve("127.0.0.2", (req) => new Response(`real, Host ${req.headers.get("host")}`));
  // Same port on 127.0.0.1, where the system resolver would send "localhost": reaching it means a second lookup.
  decoy = serve("127.0.0.1", () => new Response("decoy"), real.server.port);
  secure = serve("127.0.0.2", (req) => new Response(`tls, Host ${req.headers.get("host")}`), 0, TLS);
  silent = serve("127.0.0.2", (_req, url) =>
    url.pathname === "/drip"
      ? new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("first bytes")) }))
      : new Promise<Response>(() => {}));
});
afterAll(() => {
  for (const s of [decoy, real, secure, silent]) s.stop();
});

const text = (b: Buffer) => b.toString("utf8");

describe("safeFetch", () => {
  test("connects to the address the fence checked, not to a second lookup, and keeps the name for Host", async () => {
    asked.length = 0;
    const url = `http://localhost:${real.server.port}/`;
    const got = await safeFetch(url, { allowHosts: ["localhost"], resolve });
    expect(text(got.body)).toBe(`real, Host localhost:${real.server.port}`);
    expect(asked).toEqual(["localhost"]);
    expect(decoy.hits).toEqual([]);
  });

  test("TLS uses the URL's name for SNI and the certificate check while connecting to the pinned address", async () => {
    const port = secure.server.port;
    const pinned = { allowHosts: ["pinned.example"], resolve, ca: TLS.cert };
    const ok = await safeFetch(`https://pinned.example:${port}/`, pinned);
    expect(text(ok.body)).toBe(`tls, Host pinned.example:${port}`);
    const wrongName = safeFetch(`https://other.example:${port}/`, { ...pinned, allowHosts: ["other.example"] });
    await expect(wrongName).rejects.toThrow(/The secure connection to other\.example failed .*do not trust it/);
    const untrusted = safeFetch(`https://pinned.example:${port}/`, { allowHosts: ["pinned.example"], resolve });
    await expect(untrusted).rejects.toThrow(/The secure connection to pinned\.example failed/);
  });

  test("a name with any non-public address is refused before connecting", async () => {
    const before = real.hits.length;
    const mixed = async () => ["127.0.0.2", "8.8.8.8"];
    const refused = safeFetch(`http://localhost:${real.server.port}/`, { resolve: mixed });
    await expect(refused).rejects.toBeInstanceOf(FenceError);
    await expect(refused).rejects.toThrow("leads to 127.0.0.2, a loopback address (this machine) (localhost points to");
    expect(real.hits.length).toBe(before);
  });

  test("a name that resolves to nothing is a sentence", async () => {
    const none = async () => [];
    await expect(safeFetch("http://nowhere.example/", { resolve: none })).rejects.toThrow(
      "The host name nowhere.example could not be found. Check the spelling of the address.",
    );
    const broken = async (): Promise<string[]> => {
      throw new Error("ENOTFOUND");
    };
    await expect(safeFetch("http://nowhere.example/", { resolve: broken })).rejects.toThrow(/could not be found/);
  });

  test("a server that never answers is given up on at the time cap; a closed port is a sentence", async () => {
    const url = silent.url("/");
    await expect(safeFetch(url, { allowHosts: ["127.0.0.2"], timeoutMs: 300 })).rejects.toThrow(
      `Fetching ${url} took longer than 0.3 s and was stopped.`,
    );
    const hanging = () => new Promise<string[]>(() => {});
    await expect(safeFetch("http://slow-dns.example/", { resolve: hanging, timeoutMs: 300 })).rejects.toThrow(
      "Fetching http://slow-dns.example/ took longer than 0.3 s and was stopped.",
    );
    const drip = silent.url("/drip");
    await expect(safeFetch(drip, { allowHosts: ["127.0.0.2"], timeoutMs: 300 })).rejects.toThrow(
      `Fetching ${drip} took longer than 0.3 s and was stopped.`,
    );
    const closed = serve("127.0.0.2", () => new Response("x"));
    const closedUrl = closed.url("/");
    closed.stop();
    await expect(safeFetch(closedUrl, { allowHosts: ["127.0.0.2"] })).rejects.toThrow(/refused the connection/);
  });

  test("a server that hangs up in the middle of the body is a sentence", async () => {
    const rude = Bun.listen({
      hostname: "127.0.0.2",
      port: 0,
      socket: {
        data(socket) {
          socket.write("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 1000\r\n\r\nonly ten b");
          socket.end();
        },
      },
    });
    try {
      await expect(safeFetch(`http://127.0.0.2:${rude.port}/`, { allowHosts: ["127.0.0.2"] })).rejects.toThrow(
        `127.0.0.2:${rude.port} closed the connection before the whole page arrived. Try again later.`,
      );
    } finally {
      rude.stop(true);
    }
  });

  test("a cancelled turn stops the fetch with a sentence", async () => {
    const stop = new AbortController();
    const pending = safeFetch(silent.url("/"), { allowHosts: ["127.0.0.2"], signal: stop.signal });
    stop.abort();
    await expect(pending).rejects.toThrow("The fetch was stopped because the turn was cancelled.");
  });
});
