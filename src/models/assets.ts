// The page's assets as views name them: the embedded files (src/server/asset-files.ts) and the table of
// their content-hashed URLs (src/server/assets.ts). Types only.

/** The embedded files, by stable logical name. */
export type AssetName =
  | "page.js"
  | "page-styles.css"
  | "markdown-lib.js"
  | "inter-latin-400.woff2"
  | "inter-vietnamese-400.woff2"
  | "favicon.svg";

/** Embedded files, with the page's styles served as one stylesheet that starts with the font faces. */
export type PageAsset = Exclude<AssetName, "page-styles.css"> | "page.css";

export type Bytes = Uint8Array<ArrayBuffer>;
export type Asset = { url: string; type: string; bytes: Bytes; gz?: Bytes };

/** `sprite`: the icon sprite's markup, inlined into every page so icons cost no request. */
export type AssetTable = { url(name: PageAsset): string; get(file: string): Asset | undefined; sprite: string };
