// The document around every full page: head with hashed assets and fonts, then the body. htmx swaps
// replace only fragments inside it, so this renders once per full load. No inline script, style or
// handler: the page's CSP (src/server/security-headers.ts) allows none.
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AssetTable } from "../src/server/assets.ts";
import { T } from "../src/texts/vi.ts";
import { VERSION } from "../src/version.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export function layout(a: AssetTable, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${a.url("favicon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="${a.url("fonts.css")}">
<link rel="stylesheet" href="${a.url("tokens.css")}">
<link rel="stylesheet" href="${a.url("tokens-dark.css")}" media="(prefers-color-scheme: dark)">
<link rel="stylesheet" href="${a.url("app.css")}">
<link rel="stylesheet" href="${a.url("chat.css")}">
<link rel="stylesheet" href="${a.url("manage.css")}">
<meta name="my-crew-version" content="${VERSION}">
<script src="${a.url("texts.js")}" defer></script>
<script src="${a.url("storage.js")}" defer></script>
<script src="${a.url("marked.js")}" defer></script>
<script src="${a.url("purify.js")}" defer></script>
<script src="${a.url("markdown.js")}" defer></script>
<script src="${a.url("inert.js")}" defer></script>
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
<div id="build-banner" class="build-banner" role="status" hidden>${T.newBuild}
<button type="button" class="btn btn-small" x-data @click="location.reload()">${T.newBuildReload}</button></div>
${body}
</body>
</html>`;
}

export function icon(a: AssetTable, name: string): Html {
  return html`<svg class="icon" aria-hidden="true"><use href="${a.url("icons.svg")}#${name}"></use></svg>`;
}
