// A tool card (M-18): an icon, what the tool is called on screen, its one-line summary of the call,
// status, duration and cost; arguments and result behind a disclosure, pretty-printed and capped.
// Rendered for stored calls and for live ones (id `tc-<call id>`). Tool and model text sits inside
// hx-ignore x-ignore: htmx and Alpine never act on it (docs/chat.md).
import { html } from "hono/html";
import { T } from "../src/texts/vi.ts";
import { TTool } from "../src/texts/vi-tools.ts";
import { money, oneLine } from "./format.ts";
import { toolIcon } from "./tool-icons.ts";
import { argsBlock, outputBlock } from "./tool-output.ts";
import { webCard } from "./web-cards.ts";

export type ToolCardData = {
  id: string;
  name: string;
  arguments: string;
  output: string | null;
  status: string | null;
  /** The tool's own one-line summary of the call; the raw arguments stand in when absent. */
  summary?: string;
  durationMs?: number | null;
  costUsd?: number | null;
};

export function toolCard(t: ToolCardData) {
  const status = t.status ?? "running";
  const label = t.status ? T.toolStatus[t.status] ?? t.status : T.toolRunning;
  const summary = oneLine(t.summary ?? t.arguments, 90);
  const result = t.output === null ? "" : outputBlock(t.name, status, t.output);
  // A web tool's finished result is its own compact card; its summary line already names the call.
  const web = t.output !== null && status === "done" ? webCard(t.name, t.output) : null;
  return html`<details class="tool-card st-${status}" id="tc-${t.id}" data-tool="${t.name}" hx-ignore x-ignore>
<summary>${toolIcon(t.name)}<span class="tc-name">${TTool.label[t.name] ?? t.name}</span>
<span class="tc-args">${summary}</span>
<span class="tc-meta"><span class="tc-status">${label}</span>${meta(t)}</span></summary>
<div class="tc-body">${web ?? html`${argsBlock(t.arguments)}${result}`}</div>
</details>`;
}

function meta(t: ToolCardData) {
  const parts: string[] = [];
  const ms = t.durationMs;
  if (ms != null && t.status) parts.push(ms < 1000 ? TTool.millis(ms) : TTool.seconds(ms / 1000));
  if (t.costUsd != null && t.costUsd > 0) parts.push(money(t.costUsd));
  return parts.map((p) => html` · <span class="tc-stat">${p}</span>`);
}
