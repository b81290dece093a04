// The served form of the page's assets, made at build time (called by page-bundle.ts): every file the
// page loads is copied into public/dist/ under its logical name, the stylesheet gets its @font-face
// rules, the textual bundles their gzip (level 9), and assets.json names each file by its content hash.
// A start then only reads what the binary embeds: no hashing, no compression (docs/performance.md).
import { copyFileSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssetManifest, PageAsset } from "../models/assets.ts";
import { fontFacesCss } from "../server/font-faces.ts";

/** Served gzipped when the client accepts it; fonts are compressed already and the favicon is tiny. */
export const GZIPPED = ["page.js", "page.css", "markdown-lib.js"] as const satisfies PageAsset[];

const COPIED: [PageAsset, string][] = [
  ["inter-latin-400.woff2", "node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2"],
  ["inter-vietnamese-400.woff2", "node_modules/@fontsource/inter/files/inter-vietnamese-400-normal.woff2"],
  ["favicon.svg", "public/favicon.svg"],
];

/** `styles`: the page's minified stylesheet, which the font faces will lead. Writes into `dir`. */
export function writeServedAssets(root: string, dir: string, styles: string): void {
  for (const [name, from] of COPIED) copyFileSync(join(root, from), join(dir, name));
  const hashed = (name: PageAsset) => hashedName(name, readFileSync(join(dir, name)));
  const names = {} as AssetManifest;
  const plain: PageAsset[] = ["page.js", "markdown-lib.js", ...COPIED.map(([name]) => name)];
  for (const name of plain) names[name] = hashed(name);
  const faces = fontFacesCss((name) => `/assets/${names[name]}`);
  writeAtomic(join(dir, "page.css"), `${faces}\n${styles}`);
  names["page.css"] = hashed("page.css");
  for (const name of GZIPPED) {
    writeAtomic(join(dir, `${name}.gz`), Bun.gzipSync(readFileSync(join(dir, name)), { level: 9 }));
  }
  writeAtomic(join(dir, "assets.json"), `${JSON.stringify(names, null, 2)}\n`);
}

/** `<stem>.<hash>.<ext>`: a release that changes only app code keeps the vendor files' URLs. */
function hashedName(name: string, bytes: Uint8Array): string {
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}.${Bun.hash(bytes).toString(36).slice(0, 10)}.${name.slice(dot + 1)}`;
}

export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
