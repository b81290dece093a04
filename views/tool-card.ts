// A tool card (M-18): name, one-line argument summary, status, and the full arguments and output
// behind a disclosure. Rendered for stored calls and for live ones (id `tc-<call id>`).
import { html } from "hono/html";
import { T } from "../src/texts/vi.ts";
import { oneLine } from "./format.ts";

export type ToolCardData = { id: string; name: string; arguments: string; output: string | null; status: string | null };

export function toolCard(t: ToolCardData) {
  const status = t.status ?? "running";
  const label = t.status ? T.toolStatus[t.status] ?? t.status : T.toolRunning;
  const summary = oneLine(t.arguments, 90);
  return html`<details class="tool-card st-${status}" id="tc-${t.id}" data-tool="${t.name}" hx-ignore x-ignore>
<summary><span class="tc-name">${t.name}</span> <span class="tc-args">${summary}</span> <span class="tc-status">${label}</span></summary>
<div class="tc-body"><pre class="tc-full">${t.arguments}</pre>${t.output === null ? "" : html`<div class="tc-label">${T.toolOutput}</div><pre class="tc-out">${t.output}</pre>`}</div>
</details>`;
}
