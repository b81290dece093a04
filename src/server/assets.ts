// Static assets under /assets/ (M-58): content-hashed names, `Cache-Control: immutable`, gzip
// precomputed once for anything over 1 KB. A release that changes only app code keeps vendor URLs.
import { Hono } from "hono";
import { T } from "../texts/vi.ts";
import type { Asset, AssetName, AssetTable, Bytes, PageAsset } from "../models/assets.ts";
import { ASSET_FILES, ICON_SPRITE } from "./asset-files.ts";
import { fontFacesCss } from "./font-faces.ts";

export type { AssetTable };

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  woff2: "font/woff2",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reads every embedded file once and names it `<stem>.<hash>.<ext>`. */
export async function loadAssets(): Promise<AssetTable> {
  const byName = new Map<PageAsset, Asset>();
  const byFile = new Map<string, Asset>();
  const add = (name: PageAsset, bytes: Bytes) => {
    const dot = name.lastIndexOf(".");
    const ext = name.slice(dot + 1);
    const file = `${name.slice(0, dot)}.${Bun.hash(bytes).toString(36).slice(0, 10)}.${ext}`;
    const gzip = ext !== "woff2" && bytes.byteLength > 1024;
    const asset: Asset = {
      url: `/assets/${file}`, type: TYPES[ext]!, bytes, gz: gzip ? (Bun.gzipSync(bytes) as Bytes) : undefined,
    };
    byName.set(name, asset);
    byFile.set(file, asset);
  };
  for (const [name, path] of Object.entries(ASSET_FILES) as [AssetName, string][]) {
    if (name !== "page-styles.css") add(name as PageAsset, await Bun.file(path).bytes());
  }
  // The font faces name hashed font URLs, known only now; they lead the one stylesheet.
  const faces = fontFacesCss((name) => byName.get(name as PageAsset)!.url);
  const styles = await Bun.file(ASSET_FILES["page-styles.css"]).text();
  add("page.css", new TextEncoder().encode(`${faces}\n${styles}`) as Bytes);
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
