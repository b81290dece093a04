// Every file the page can load, imported as a file so `bun build --compile` embeds it in the binary.
// The keys are stable logical names (src/models/assets.ts); URLs get a content hash at start (see assets.ts).
// page.js, markdown-lib.js and page.css are made from public/ by src/build/page-bundle.ts first.
import pageJs from "../../public/dist/page.js" with { type: "file" };
import pageStyles from "../../public/dist/page.css" with { type: "file" };
import markdownLib from "../../public/dist/markdown-lib.js" with { type: "file" };
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2" with { type: "file" };
import interVi400 from "@fontsource/inter/files/inter-vietnamese-400-normal.woff2" with { type: "file" };
import favicon from "../../public/favicon.svg" with { type: "file" };
import iconSprite from "../../public/icons.svg" with { type: "text" };
import type { AssetName } from "../models/assets.ts";

export const ASSET_FILES = {
  "page.js": pageJs,
  "page-styles.css": pageStyles,
  "markdown-lib.js": markdownLib,
  "inter-latin-400.woff2": inter400,
  "inter-vietnamese-400.woff2": interVi400,
  "favicon.svg": favicon,
} as const satisfies Record<AssetName, string>;

/** The icon sprite's markup, inlined in every page so <use href="#name"> costs no request. */
export const ICON_SPRITE: string = iconSprite;
