// The document around every full page: head with hashed assets and fonts, then the body. htmx swaps
// replace only fragments inside it, so this renders once per full load.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AssetTable } from "../src/server/assets.ts";
import { T } from "../src/texts/vi.ts";
import { VERSION } from "../src/version.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

// Vietnamese letters come from their own subset file, so a page in Latin only never downloads it.
const VI_RANGE = "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB";

export function layout(a: AssetTable, title: string, body: Html): Html {
  const face = (file: Parameters<AssetTable["url"]>[0], weight: number, range?: string) =>
    `@font-face{font-family:"Inter";font-style:normal;font-display:swap;font-weight:${weight};src:url(${a.url(file)}) format("woff2")${range ? `;unicode-range:${range}` : ""}}`;
  const fonts = [
    face("inter-latin-400.woff2", 400),
    face("inter-latin-600.woff2", 600),
    face("inter-vietnamese-400.woff2", 400, VI_RANGE),
    face("inter-vietnamese-600.woff2", 600, VI_RANGE),
  ].join("");
  return html`<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${a.url("favicon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="${a.url("tokens.css")}">
<link rel="stylesheet" href="${a.url("tokens-dark.css")}" media="(prefers-color-scheme: dark)">
<link rel="stylesheet" href="${a.url("app.css")}">
<link rel="stylesheet" href="${a.url("chat.css")}">
<link rel="stylesheet" href="${a.url("manage.css")}">
<meta name="my-crew-version" content="${VERSION}">
<style>${raw(fonts)}</style>
<script src="${a.url("texts.js")}" defer></script>
<script src="${a.url("storage.js")}" defer></script>
<script src="${a.url("marked.js")}" defer></script>
<script src="${a.url("purify.js")}" defer></script>
<script src="${a.url("markdown.js")}" defer></script>
<script src="${a.url("htmx.js")}" defer></script>
<script src="${a.url("hx-sse.js")}" defer></script>
<script src="${a.url("nav.js")}" defer></script>
<script src="${a.url("cards.js")}" defer></script>
<script src="${a.url("chat.js")}" defer></script>
<script src="${a.url("manage.js")}" defer></script>
<script src="${a.url("build-check.js")}" defer></script>
<script src="${a.url("alpine.js")}" defer></script>
</head>
<body>
<a class="skip" href="#main">${T.skipToMain}</a>
<div id="build-banner" class="build-banner" role="status" hidden>${T.newBuild} <button type="button" class="btn btn-small" onclick="location.reload()">${T.newBuildReload}</button></div>
${body}
</body>
</html>`;
}

export function icon(a: AssetTable, name: string): Html {
  return html`<svg class="icon" aria-hidden="true"><use href="${a.url("icons.svg")}#${name}"></use></svg>`;
}
