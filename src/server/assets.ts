// Static assets under /assets/ (M-58): content-hashed names, `Cache-Control: immutable`, and the gzip
// the build made for the textual bundles (src/build/asset-build.ts). Vendor URLs outlive app releases.
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { T } from "../texts/vi.ts";
import type { Asset, AssetTable, Bytes, PageAsset } from "../models/assets.ts";
import { ASSET_FILES, ASSET_NAMES, ICON_SPRITE } from "./asset-files.ts";

export type { AssetTable };

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  woff2: "font/woff2",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reads every embedded file once; names, font faces and gzip were all made by the build. */
export async function loadAssets(): Promise<AssetTable> {
  const byName = new Map<PageAsset, Asset>();
  const byFile = new Map<string, Asset>();
  const read = (path: string): Bytes => readFileSync(path);
  for (const [name, [path, gzPath]] of Object.entries(ASSET_FILES) as [PageAsset, readonly [string, string?]][]) {
    const file = ASSET_NAMES[name];
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)]!;
    const asset: Asset = { url: `/assets/${file}`, type, bytes: read(path), gz: gzPath ? read(gzPath) : undefined };
    byName.set(name, asset);
    byFile.set(file, asset);
  }
  return { url: (name) => byName.get(name)!.url, get: (file) => byFile.get(file), sprite: ICON_SPRITE };
}

export function assetRoutes(assets: AssetTable): Hono {
  const app = new Hono();
  app.get("/:file", (c) => {
    const asset = assets.get(c.req.param("file"));
    if (!asset) return c.json({ detail: T.assetMissing }, 404);
    const headers: Record<string, string> = {
      "content-type": asset.type, "cache-control": IMMUTABLE, vary: "Accept-Encoding",
    };
    const wantsGzip = asset.gz && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    if (wantsGzip) headers["content-encoding"] = "gzip";
    return c.body(wantsGzip ? asset.gz! : asset.bytes, 200, headers);
  });
  return app;
}
