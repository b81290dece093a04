// Settings → the login card (#sessions): log this device out, sign out the other devices, or say that
// this machine needs no login. One component for the first render and the htmx swap after an action.
import { html } from "hono/html";
import { TA } from "../../src/texts/vi-auth.ts";

/** `lan`: the LAN login is on; `current`: this request carries a live session; `others`: the rest. */
export type SessionsData = { lan: boolean; current: boolean; others: number; notice?: string };

export const SIGN_OUT_OTHERS = "/sessions/sign-out-others";

export function sessionsCard(d: SessionsData) {
  const title = html`<h2>${TA.sessionsTitle}</h2>`;
  if (!d.lan) return html`<section class="summary" id="sessions">${title}<p>${TA.noLogin}</p></section>`;
  const notice = d.notice ? html`<p class="notice notice-info" role="status">${d.notice}</p>` : "";
  return html`<section class="summary" id="sessions">${title}
  <p>${d.current ? TA.signedIn : TA.onServer}</p>${notice}
  <p>${TA.others(d.others)}</p>
  <div class="session-actions">${d.current ? logoutForm() : ""}${d.others > 0 ? signOutOthersForm() : ""}</div>
</section>`;
}

/** A plain form: logging out navigates away, so there is nothing for htmx to swap. */
function logoutForm() {
  return html`<form method="post" action="/logout">
    <button class="btn btn-small" type="submit">${TA.logout}</button></form>`;
}

function signOutOthersForm() {
  return html`<form method="post" action="${SIGN_OUT_OTHERS}"
    hx-post="${SIGN_OUT_OTHERS}" hx-target="#sessions" hx-swap="outerHTML">
    <button class="btn btn-small" type="submit">${TA.signOutOthers}</button></form>`;
}
