// The MCP servers' section of Manage → Connections (H-22, O-12): one line per server of config.yaml with its
// state (connecting / connected with N tools / the reason it failed), and agents naming unknown servers.
import { html } from "hono/html";
import type { ConnectionsStatus, McpServerLine } from "../../src/models/connections.ts";
import { T_MCP } from "../../src/texts/vi-mcp.ts";

export function mcpSection(data: Pick<ConnectionsStatus, "mcp_servers" | "mcp_problems">) {
  const lines = data.mcp_servers.map(serverLine);
  const problems = data.mcp_problems.length === 0 ? "" : html`<div class="card-warn" id="mcp-problems">
  <p>${T_MCP.problems}</p><ul>${data.mcp_problems.map((p) => html`<li>${p}</li>`)}</ul></div>`;
  return html`<section class="conn-group" id="mcp-servers" data-group="mcp"><h2>${T_MCP.title}</h2>
  <p class="muted">${T_MCP.intro}</p>
  ${lines.length === 0 ? html`<p class="muted">${T_MCP.none}</p>` : html`<ul class="conn-rows">${lines}</ul>`}
  ${problems}
</section>`;
}

function serverLine(s: McpServerLine) {
  const state = s.status === "connected"
    ? html`<span class="check-ok">${T_MCP.connected(s.tools ?? 0)}</span>`
    : s.status === "error"
      ? html`<span class="check-failed">${T_MCP.failed(s.reason ?? "")}</span>`
      : html`<span class="muted">${T_MCP.connecting}</span>`;
  return html`<li class="conn-row" data-mcp="${s.name}" data-status="${s.status}">
  <div class="conn-head"><strong>${s.name}</strong> <code>${s.host}</code> · ${state}</div></li>`;
}
