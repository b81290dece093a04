// /login: the one page a LAN client sees before it has a session.
import { html, raw } from "hono/html";
import { T } from "../src/texts/vi.ts";

/** Inline, since the page is served before login and on its own; the CSP allows it by its hash. */
export const LOGIN_STYLE = "body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;"
  + "margin:0}form{display:flex;flex-direction:column;gap:12px;width:min(90vw,340px)}input,button{font:inherit;"
  + "padding:8px}p.e{color:#c0262d}";

export function loginPage(error: string | null) {
  const alert = error ? html`<p class="e" role="alert">${error}</p>` : "";
  return html`<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${T.loginTitle}</title>
<style>${raw(LOGIN_STYLE)}</style></head>
<body><form method="post" action="/login"><h1>${T.loginTitle}</h1><p>${T.loginHelp}</p>${alert}
<input type="password" name="secret" autocomplete="current-password" aria-label="${T.loginTitle}" required
  autofocus><button type="submit">${T.loginButton}</button></form></body></html>`;
}
