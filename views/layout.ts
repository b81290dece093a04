// The document around every full page: head with the one stylesheet and the one script (both hashed),
// the body, then the icon sprite. htmx swaps replace only fragments inside it, so this renders once per
// full load. No inline script, style or handler: the page's CSP (src/server/security-headers.ts) allows none.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { AssetTable } from "../src/models/assets.ts";
import { T } from "../src/texts/vi.ts";
import { VERSION } from "../src/version.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

// Our own file, trusted: the sprite's symbols, drawn nowhere themselves (0×0, hidden from readers).
const HIDDEN_SVG = '<svg width="0" height="0" aria-hidden="true" focusable="false" ';
const sprite = (a: AssetTable) => a.sprite.replace("<svg ", HIDDEN_SVG).replace(/<!--[\s\S]*?-->\s*/g, "");

export function layout(a: AssetTable, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="${a.url("favicon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="${a.url("page.css")}">
<meta name="my-crew-version" content="${VERSION}">
<meta name="my-crew-markdown" content="${a.url("markdown-lib.js")}">
<script src="${a.url("page.js")}" defer></script>
</head>
<body>
<a class="skip" href="#main">${T.skipToMain}</a>
<div id="build-banner" class="build-banner" role="status" hidden>${T.newBuild}
<button type="button" class="btn btn-small" x-data @click="location.reload()">${T.newBuildReload}</button></div>
${body}
${raw(sprite(a))}
</body>
</html>`;
}

export function icon(a: AssetTable, name: string): Html {
  return html`<svg class="icon" aria-hidden="true"><use href="#${name}"></use></svg>`;
}
