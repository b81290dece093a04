// Every file the page can load, imported as a file so `bun build --compile` embeds it in the binary.
// The keys are stable logical names; URLs get a content hash at start (see assets.ts).
import htmx from "htmx.org/dist/htmx.min.js" with { type: "file" };
import htmxSse from "htmx.org/dist/ext/hx-sse.min.js" with { type: "file" };
import alpine from "alpinejs/dist/cdn.min.js" with { type: "file" };
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff2" with { type: "file" };
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff2" with { type: "file" };
import interVi400 from "@fontsource/inter/files/inter-vietnamese-400-normal.woff2" with { type: "file" };
import interVi600 from "@fontsource/inter/files/inter-vietnamese-600-normal.woff2" with { type: "file" };
import tokens from "../../public/tokens.css" with { type: "file" };
import tokensDark from "../../public/tokens-dark.css" with { type: "file" };
import appCss from "../../public/app.css" with { type: "file" };
// marked exports only its ESM entry; the UMD build (a browser global) is taken by path.
import marked from "../../node_modules/marked/lib/marked.umd.js" with { type: "file" };
import purify from "dompurify/dist/purify.min.js" with { type: "file" };
import storageJs from "../../public/storage.js" with { type: "file" };
import markdownJs from "../../public/markdown.js" with { type: "file" };
import inertJs from "../../public/inert.js" with { type: "file" };
import navJs from "../../public/nav.js" with { type: "file" };
import cardsJs from "../../public/cards.js" with { type: "file" };
import chatJs from "../../public/chat.js" with { type: "file" };
import chatCss from "../../public/chat.css" with { type: "file" };
import manageCss from "../../public/manage.css" with { type: "file" };
import manageJs from "../../public/manage.js" with { type: "file" };
import buildCheckJs from "../../public/build-check.js" with { type: "file" };
import textsJs from "../../public/texts.js" with { type: "file" };
import icons from "../../public/icons.svg" with { type: "file" };
import favicon from "../../public/favicon.svg" with { type: "file" };

export const ASSET_FILES = {
  "htmx.js": htmx,
  "hx-sse.js": htmxSse,
  "alpine.js": alpine,
  "inter-latin-400.woff2": inter400,
  "inter-latin-600.woff2": inter600,
  "inter-vietnamese-400.woff2": interVi400,
  "inter-vietnamese-600.woff2": interVi600,
  "tokens.css": tokens,
  "tokens-dark.css": tokensDark,
  "app.css": appCss,
  "marked.js": marked,
  "purify.js": purify,
  "storage.js": storageJs,
  "markdown.js": markdownJs,
  "inert.js": inertJs,
  "nav.js": navJs,
  "cards.js": cardsJs,
  "chat.js": chatJs,
  "chat.css": chatCss,
  "manage.css": manageCss,
  "manage.js": manageJs,
  "build-check.js": buildCheckJs,
  "texts.js": textsJs,
  "icons.svg": icons,
  "favicon.svg": favicon,
} as const;

export type AssetName = keyof typeof ASSET_FILES;
