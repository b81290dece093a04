// Manage → costs (E-03…E-14): the ledger (messages + side calls) by agent, by model, by purpose and
// by the owner's calendar day, with a small server-rendered SVG of the last 30 days. Unknown prices
// are counted and shown as such, never as $0.
import { html, raw } from "hono/html";
import type { Stats } from "../../src/models/stats.ts";
import { T } from "../../src/texts/vi.ts";
import { TCost } from "../../src/texts/vi-costs.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { money } from "../format.ts";

export function costsSection(s: Stats) {
  // No call at all in the window: a sentence instead of a flat chart and empty tables.
  if (s.totals.calls === 0) return html`<div class="costs-page costs-empty"><p><b>${TCost.emptyTitle}</b></p>
<p class="muted">${TCost.emptyBody}</p></div>`;
  const unknown = s.totals.unknown_cost_calls;
  const unknownNote = unknown ? html` · <span class="unknown">${T.unknownCalls(unknown)}</span>` : "";
  return html`<div class="costs-page">
  <p class="total"><b>${T.totalSpend}:</b> ${money(s.totals.cost_usd)}${unknownNote}</p>
  <h2>${T.costsByDay}</h2>
  ${chart(s.days)}
  <h2>${T.costsByAgent}</h2>
  ${table(s.agents.map((a) => [a.agent_id ? TLabel.agent(a.agent_id) : "—", a]))}
  <h2>${T.costsByModel}</h2>
  ${table(s.models.map((m) => [`${m.provider ?? "?"}:${m.model ?? "?"}`, m]), true)}
  <h2>${T.costsByPurpose}</h2>
  ${table(s.purposes.map((p) => [TLabel.purpose(p.purpose), p]))}
</div>`;
}

type Row = {
  cost_usd: number;
  unknown_cost_calls: number;
  calls: number;
  input_tokens?: number;
  output_tokens?: number;
};

function table(rows: [string, Row][], tokens = false) {
  const cols = html`<th>${T.colCost}</th><th>${T.colCalls}</th><th>${T.colUnknown}</th>`;
  const head = html`<tr><th></th>${cols}${tokens ? html`<th>${T.colTokens}</th>` : ""}</tr>`;
  return html`<table class="ledger"><thead>${head}</thead>
<tbody>${rows.map(([name, r]) => tableRow(name, r, tokens))}</tbody></table>`;
}

function tableRow(name: string, r: Row, tokens: boolean) {
  const cells = html`<td>${money(r.cost_usd)}</td><td>${r.calls}</td><td>${r.unknown_cost_calls}</td>`;
  const used = tokens ? html`<td>${r.input_tokens ?? 0} / ${r.output_tokens ?? 0}</td>` : "";
  return html`<tr><th scope="row">${name}</th>${cells}${used}</tr>`;
}

/** Bars of known spend per day; a day with unknown-price calls gets a marker above its bar. */
function chart(days: Stats["days"]) {
  const w = 600;
  const h = 120;
  const bar = w / Math.max(days.length, 1);
  const max = Math.max(...days.map((d) => d.cost_usd), 0.0001);
  const bars = days.map((d, i) => {
    const bh = Math.round((d.cost_usd / max) * (h - 20));
    const x = (i * bar + 1).toFixed(1);
    const unknown = d.unknown_cost_calls;
    const title = `${d.date}: ${money(d.cost_usd)}${unknown ? ` + ${T.unknownCalls(unknown)}` : ""}`;
    const known = `<rect x="${x}" y="${h - bh}" width="${(bar - 2).toFixed(1)}" height="${bh}" class="bar-known"/>`;
    const cx = (i * bar + bar / 2).toFixed(1);
    const marker = unknown ? `<circle cx="${cx}" cy="${h - bh - 6}" r="3" class="bar-unknown"/>` : "";
    return `<g><title>${escapeXml(title)}</title>${known}${marker}</g>`;
  });
  const svg = raw(bars.join(""));
  return html`<svg class="chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${T.costsByDay}">${svg}</svg>
<p class="muted chart-range">${days[0]?.date ?? ""} – ${days[days.length - 1]?.date ?? ""}</p>`;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}
