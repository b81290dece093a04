// Assets are compressed when the binary is built, not when it starts (issue 20): the gzip a client gets
// is the build's file byte for byte, and loading the asset table compresses nothing.
import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadAssets } from "../../src/server/assets.ts";
import { startBinary, stopAll, tempDir } from "../helpers/binary.ts";

afterAll(stopAll);

const dist = join(import.meta.dir, "..", "..", "public", "dist");

describe("assets compressed at build time", () => {
  test("loading the asset table gzips nothing; each bundle's gzip is the build's file", async () => {
    const gzip = spyOn(Bun, "gzipSync");
    try {
      const assets = await loadAssets();
      expect(gzip).not.toHaveBeenCalled();
      for (const name of ["page.js", "page.css", "markdown-lib.js"] as const) {
        const asset = assets.get(assets.url(name).slice("/assets/".length))!;
        expect(Buffer.from(asset.gz!).equals(readFileSync(join(dist, `${name}.gz`)))).toBe(true);
        expect(Buffer.from(Bun.gunzipSync(asset.gz!)).equals(readFileSync(join(dist, name)))).toBe(true);
      }
    } finally {
      gzip.mockRestore();
    }
  });

  test("the binary serves the embedded build-time gzip, and the plain bytes without Accept-Encoding", async () => {
    await using r = await startBinary(["--port", "0", "--home", tempDir("assets-build")]);
    const page = await (await fetch(`${r.url}/`)).text();
    for (const name of ["page.js", "page.css"]) {
      const ext = name.slice("page.".length);
      const url = `${r.url}${new RegExp(`/assets/page\\.[a-z0-9]+\\.${ext}`).exec(page)![0]}`;
      // fetch would inflate the body itself; decompress: false keeps the bytes as sent.
      const zipped = await fetch(url, { headers: { "accept-encoding": "gzip" }, decompress: false });
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(Buffer.from(await zipped.arrayBuffer()).equals(readFileSync(join(dist, `${name}.gz`)))).toBe(true);
      const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(Buffer.from(await plain.arrayBuffer()).equals(readFileSync(join(dist, name)))).toBe(true);
    }
  });
});
