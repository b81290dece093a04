// Error boundaries (M-54): a part of a screen that fails to render becomes an error card with a
// reload button; the rest of the screen (nav, composer, the other column) still renders.
import { html } from "hono/html";
import { T } from "../src/texts/vi.ts";

type Html = ReturnType<typeof html>;

export function errorCard(id?: string) {
  const reload = html`<button type="button" class="btn" x-data @click="location.reload()">${T.reload}</button>`;
  const attr = id ? html` id="${id}"` : "";
  return html`<div class="error-card card-warn" role="alert"${attr}><p>${T.errorCardTitle}</p>${reload}</div>`;
}

/** Renders `part`, or an error card (keeping the part's id) when it throws; the error goes to `log`. */
export function boundary(part: () => Html, id: string, log: (line: string) => void = console.error): Html {
  try {
    return part();
  } catch (e) {
    log(`render of #${id} failed: ${(e as Error)?.stack ?? e}`);
    return errorCard(id);
  }
}
