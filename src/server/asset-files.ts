// Every file the page can load, imported as a file so `bun build --compile` embeds it in the binary, with
// the gzip and the content-hashed names the build made (src/build/asset-build.ts): all from public/dist/.
import pageJs from "../../public/dist/page.js" with { type: "file" };
import pageJsGz from "../../public/dist/page.js.gz" with { type: "file" };
import pageCss from "../../public/dist/page.css" with { type: "file" };
import pageCssGz from "../../public/dist/page.css.gz" with { type: "file" };
import markdownLib from "../../public/dist/markdown-lib.js" with { type: "file" };
import markdownLibGz from "../../public/dist/markdown-lib.js.gz" with { type: "file" };
import inter400 from "../../public/dist/inter-latin-400.woff2" with { type: "file" };
import interVi400 from "../../public/dist/inter-vietnamese-400.woff2" with { type: "file" };
import favicon from "../../public/dist/favicon.svg" with { type: "file" };
import manifest from "../../public/dist/assets.json" with { type: "json" };
import iconSprite from "../../public/icons.svg" with { type: "text" };
import type { AssetManifest, PageAsset } from "../models/assets.ts";

/** Each file's path and, for the textual bundles, its gzip's. */
export const ASSET_FILES = {
  "page.js": [pageJs, pageJsGz],
  "page.css": [pageCss, pageCssGz],
  "markdown-lib.js": [markdownLib, markdownLibGz],
  "inter-latin-400.woff2": [inter400],
  "inter-vietnamese-400.woff2": [interVi400],
  "favicon.svg": [favicon],
} as const satisfies Record<PageAsset, readonly [string, string?]>;

/** Each file's served name, `<stem>.<hash>.<ext>`. */
export const ASSET_NAMES: AssetManifest = manifest;

/** The icon sprite's markup, inlined in every page so <use href="#name"> costs no request. */
export const ICON_SPRITE: string = iconSprite;
