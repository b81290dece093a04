// #memory-page, the body of Manage → memory (G-01, G-03, G-04, M-49): the proposals queue (#memory-proposals,
// what its actions answer and the Manage stream replaces) with accept / reject, recent decisions with rollback,
// then one editor per memory file. Every text from a file or a model is escaped and shown in <pre>.
import { html } from "hono/html";
import type { MemoryFileView, MemoryFlash, MemoryPage, MemoryProposalView } from "../../src/models/memory.ts";
import { TM_PAGE as TP } from "../../src/texts/vi-memory.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { partial } from "../live.ts";

export const MEMORY_URL = "/manage/memory";

export function memorySection(d: MemoryPage) {
  return html`<div id="memory-page" class="memory-page">
  <p class="muted">${TP.intro}</p>
  <div id="memory-flash"></div>
  ${proposalsPart(d.pending, d.decided)}
  <h2>${TP.filesTitle}</h2>
  <div class="memory-files">${d.files.map((f) => fileCard(f))}</div>
</div>`;
}

/** The queue and the recent decisions. Actions and the Manage stream replace only its content: the container
 * stays, so an action's answer still lands when the stream's copy came first (htmx drops a detached target). */
export function proposalsPart(pending: MemoryProposalView[], decided: MemoryProposalView[]) {
  return html`<section id="memory-proposals" class="memory-proposals" aria-label="${TP.pendingTitle}">${
    proposalsInner(pending, decided)}</section>`;
}

export function proposalsInner(pending: MemoryProposalView[], decided: MemoryProposalView[]) {
  const list = (items: MemoryProposalView[], empty: string) => items.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<ul class="proposal-list">${items.map(proposalItem)}</ul>`;
  return html`
  <h2>${TP.pendingTitle}</h2>
  ${list(pending, TP.noPending)}
  <h2>${TP.decidedTitle}</h2>
  ${list(decided, TP.noDecided)}
`;
}

function proposalItem(p: MemoryProposalView) {
  const origin = p.origin.kind === "job" ? TP.fromJob(p.origin.jobId)
    : p.origin.kind === "consolidate" ? TP.fromConsolidate(p.reason) : TP.fromOther;
  const who = p.scope === "user" ? TP.scope("user", "") : TP.scope("agent", TLabel.agent(p.agentId) === p.agentId
    ? p.agentName : TLabel.agent(p.agentId));
  return html`<li class="proposal status-${p.status}" id="proposal-${p.id}" data-status="${p.status}">
  <div class="proposal-head"><b>${who}</b> <span class="pill pill-static">${p.kind === "note" ? TP.addsNote
    : TP.rewrites}</span> <span class="muted">${origin} · ${p.createdAt}</span>${p.status === "pending" ? ""
    : html` <span class="pill pill-static proposal-status">${TP.status[p.status]}</span>`}</div>
  <p class="muted proposal-path"><code>${p.path}</code></p>
  ${p.kind === "note" ? html`<pre class="memory-text proposal-added">${p.added}</pre>` : texts(p)}
  <div class="proposal-actions">${actions(p)}</div>
</li>`;
}

/** A rewrite: the proposed text open, the text it replaces (or replaced) behind a disclosure. */
function texts(p: MemoryProposalView) {
  const before = p.status === "accepted" ? TP.replaced : TP.current;
  return html`<details class="proposal-text" open><summary>${TP.proposed}</summary>
    <pre class="memory-text">${p.newText || TP.empty}</pre></details>
  <details class="proposal-text"><summary>${before}</summary><pre class="memory-text">${p.oldText || TP.empty}</pre>
  </details>`;
}

function actions(p: MemoryProposalView) {
  const post = (path: string, label: string, cls = "") =>
    html`<form hx-post="${MEMORY_URL}/${path}" hx-target="#memory-proposals" hx-swap="innerHTML">
      <input type="hidden" name="id" value="${p.id}">
      <button type="submit" class="btn btn-small ${cls}" aria-label="${TP.named(label, p.id)}">${label}</button>
    </form>`;
  if (p.status === "pending") return html`${post("accept", TP.accept, "btn-primary")} ${post("reject", TP.reject)}`;
  return p.status === "accepted" ? post("rollback", TP.rollback) : "";
}

/** One main file's editor. A refused save keeps what was typed; a textarea drops the newline after its tag,
 * so the text starts with one and a file's own leading blank line survives. */
export function fileCard(f: MemoryFileView, flash?: MemoryFlash, typed?: string) {
  const id = `memory-file-${f.scope === "user" ? "user" : f.agentId}`;
  const title = f.scope === "user" ? TP.userFile : TP.agentFile(TLabel.agent(f.agentId) === f.agentId
    ? f.agentName : TLabel.agent(f.agentId));
  return html`<form class="memory-file" id="${id}" hx-post="${MEMORY_URL}/file" hx-target="#${id}" hx-swap="outerHTML"
  aria-label="${title}">
  <h3>${title} <span class="muted"><code>${f.path}</code></span></h3>
  <input type="hidden" name="scope" value="${f.scope}"><input type="hidden" name="agent" value="${f.agentId}">
  <input type="hidden" name="version" value="${f.version}">
  <textarea name="text" rows="8" spellcheck="false" aria-label="${title}">
${typed ?? f.text}</textarea>
  <p class="muted">${TP.chars(f.maxChars)}</p>
  <div class="memory-file-actions"><button type="submit" class="btn btn-small">${TP.save}</button>
    ${flash ? flashLine(flash) : ""}</div>
</form>`;
}

/** An action's answer, outside the queue so the stream's next copy of the queue leaves it in place. */
export function decisionFlash(f: MemoryFlash) {
  return partial("#memory-flash", "innerHTML", flashLine(f));
}

function flashLine(f: MemoryFlash) {
  return html`<p class="flash ${f.ok ? "flash-ok" : "card-warn"}" role="${f.ok ? "status" : "alert"}">${f.detail}</p>`;
}
