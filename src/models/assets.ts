// The page's assets as views name them: the files the build makes in public/dist/ and embeds in the
// binary (src/build/asset-build.ts, src/server/asset-files.ts), and the table of their content-hashed
// URLs (src/server/assets.ts). Types only.

/** The served files, by stable logical name. */
export type PageAsset =
  | "page.js"
  | "page.css"
  | "markdown-lib.js"
  | "inter-latin-400.woff2"
  | "inter-vietnamese-400.woff2"
  | "favicon.svg";

/** What the build wrote beside the files: each one's content-hashed name, e.g. "page.k2j4h5.js". */
export type AssetManifest = Record<PageAsset, string>;

export type Bytes = Uint8Array<ArrayBuffer>;
export type Asset = { url: string; type: string; bytes: Bytes; gz?: Bytes };

/** `sprite`: the icon sprite's markup, inlined into every page so icons cost no request. */
export type AssetTable = { url(name: PageAsset): string; get(file: string): Asset | undefined; sprite: string };
