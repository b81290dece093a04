// #tools, the body of Manage → Tools (M-49, H-02, H-24): one card per agent, master first, with its
// allow-list, MCP servers and script setting, then each tool: where it comes from, whether it is declared
// up front or deferred until tool_search loads it, and when it asks the owner, in words. A tool with no
// on-screen label (an MCP tool) shows the first line of its own description instead.
import { html } from "hono/html";
import type { ToolRow, ToolsAgent, ToolsPage } from "../../src/models/tools.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { TTool } from "../../src/texts/vi-tools.ts";
import { T_TOOLS } from "../../src/texts/vi-tools-page.ts";

export function toolsSection(data: ToolsPage) {
  return html`<div id="tools" class="tools-page">
  <p class="muted">${T_TOOLS.intro}</p>
  <ul class="team-rows">${data.agents.map(agentCard)}</ul>
</div>`;
}

function agentCard(a: ToolsAgent) {
  const name = a.master ? TLabel.agent(a.id) : a.name;
  const allow = a.allowList
    ? html`${a.allowList.map((n, i) => html`${i ? ", " : ""}<code>${n}</code>`)}`
    : T_TOOLS.allowAll;
  const mcp = a.mcp?.length ? html`${a.mcp.map((n, i) => html`${i ? ", " : ""}<code>${n}</code>`)}` : T_TOOLS.mcpNone;
  return html`<li class="team-row tools-agent${a.broken ? " is-broken" : ""}" id="tools-${a.id}" data-agent="${a.id}">
  <div class="team-head"><h2 class="team-name">${name}</h2></div>
  ${a.broken ? html`<p class="card-warn" role="alert">${T_TOOLS.broken(a.broken)}</p>` : ""}
  <dl class="tools-facts">
    <dt>${T_TOOLS.allowList}</dt><dd class="tools-allow">${allow}</dd>
    <dt>${T_TOOLS.mcp}</dt><dd class="tools-mcp">${mcp}</dd>
    <dt>script_calls</dt><dd class="tools-script">${T_TOOLS.scriptCalls[a.scriptCalls]}</dd>
  </dl>
  ${a.autonomous ? html`<p class="muted tools-autonomous">${T_TOOLS.autonomous}</p>` : ""}
  ${a.tools.length || a.broken
    ? html`<ul class="tools-rows">${a.tools.map(toolRow)}</ul>`
    : html`<p class="muted">${T_TOOLS.none}</p>`}
</li>`;
}

function toolRow(t: ToolRow) {
  const label = TTool.label[t.name];
  const source = t.source === "mcp"
    ? T_TOOLS.source.mcp(t.from ?? "")
    : t.source === "keyed" ? T_TOOLS.source.keyed(t.from ?? "") : T_TOOLS.source.builtin();
  const declared = !t.available ? T_TOOLS.unavailable : t.deferred ? T_TOOLS.deferred : T_TOOLS.declared;
  const pill = (cls: string, text: string) => html`<span class="pill pill-static ${cls}">${text}</span>`;
  return html`<li class="tools-row${t.available ? "" : " is-off"}" data-tool="${t.name}" data-rule="${t.rule}"
    data-deferred="${String(t.deferred)}">
  <div class="team-head"><code class="tools-name">${t.name}</code>${label ? html` <span>${label}</span>` : ""}
    ${pill("tools-source", source)}${pill(t.deferred ? "tools-deferred" : "tools-declared", declared)}</div>
  ${label ? "" : html`<p class="muted tools-desc">${t.description}</p>`}
  <p class="tools-rule">${T_TOOLS.rule[t.rule]}${t.source === "mcp" && t.rule !== "readOnly"
    ? html`. ${T_TOOLS.mcpReplay}` : ""}</p>
  ${t.refuses ? html`<p class="tools-refuses">${T_TOOLS.refuses}</p>` : ""}
  ${t.readOnlyHint && t.rule !== "readOnly" ? html`<p class="muted tools-hint">${T_TOOLS.hint}</p>` : ""}
</li>`;
}
