// The page a browser gets for an error (404, a 403 from the fence, 500) instead of raw JSON. It is
// self-contained: a request the fence refused could not load the app's assets either, so the few
// styles it needs (the app's own token values, light and dark) are inline.
import { html, raw } from "hono/html";
import { T } from "../src/texts/vi.ts";

/** Inline (a fenced request cannot load assets); the CSP allows it by its hash. */
export const ERROR_STYLE = `:root{color-scheme:light dark;
--s:#fff;--s2:#f6f7f9;--b:#dfe3ea;--t:#15181e;--m:#5d6675;--a:#2457d6}
@media (prefers-color-scheme:dark){
:root{--s:#15181e;--s2:#0f1115;--b:#2c323c;--t:#e8ebf0;--m:#a3acba;--a:#7ea2ff}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--s2);color:var(--t);
font:1rem/1.5 "Inter",system-ui,-apple-system,"Segoe UI",sans-serif}
main{background:var(--s);border:1px solid var(--b);border-radius:16px;padding:32px;width:min(90vw,440px)}
h1{font-size:1.25rem;margin:0 0 8px}p{margin:0 0 16px;color:var(--m)}a{color:var(--a)}`;

export function errorPage(status: number, detail: string) {
  const home = html`<a href="/">${T.errorHome}</a>`;
  return html`<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${T.errorTitle(status)}</title><style>${raw(ERROR_STYLE)}</style></head>
<body><main role="alert"><h1>${T.errorTitle(status)}</h1><p>${detail}</p>${home}</main></body></html>`;
}
