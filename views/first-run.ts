// The home page's welcome card while no model route is set (a fresh `npm start`): where to add a real
// model, and one button that sets the fake one so the chat answers at once. `error` is a refused save.
import { html } from "hono/html";
import { FIRST_RUN as T } from "../src/texts/vi-first-run.ts";

export function firstRunCard(error?: string) {
  return html`<section class="welcome first-run" id="first-run" aria-labelledby="first-run-title">
  <h2 id="first-run-title">${T.title}</h2>
  <p class="muted">${T.body}</p>
  <form method="post" action="/ui/first-run" hx-post="/ui/first-run" hx-target="#first-run" hx-swap="outerHTML">
    <a class="btn" href="/manage/connections">${T.openConnections}</a>
    <button class="btn btn-primary" type="submit">${T.tryFake}</button>
  </form>
  ${error ? html`<p class="notice notice-error" role="alert">${T.failed(error)}</p>` : ""}
</section>`;
}
