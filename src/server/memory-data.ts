// What Manage → memory reads (G-01, G-03): the proposals, pending and recently decided, and the memory
// files a person may edit — the owner's USER.md and each running agent's MEMORY.md, read raw from the home.
import { readFileSync } from "node:fs";
import { MASTER } from "../config/agent-schema.ts";
import { ownerMinute } from "../config/owner-time.ts";
import { CONSOLIDATE_SOURCE } from "../memory/consolidate.ts";
import { MAIN_MAX_CHARS, mainFile, parseMemoryPath, type MemoryFile } from "../memory/files.ts";
import type { MemoryFileView, MemoryPage, MemoryProposalView } from "../models/memory.ts";
import { listProposals, type MemoryProposal } from "../store/memory-proposals.ts";
import type { AppDeps } from "./deps.ts";

/** Decided proposals shown under the queue: enough to roll back a recent mistake. */
const DECIDED_SHOWN = 20;

export function memoryPage(d: AppDeps): MemoryPage {
  const view = (p: MemoryProposal) => proposalView(d, p);
  const decided = listProposals(d.store, { limit: 200 }).filter((p) => p.status !== "pending").slice(0, DECIDED_SHOWN);
  return {
    pending: listProposals(d.store, { status: "pending", limit: 200 }).map(view),
    decided: decided.map(view),
    files: memoryFiles(d),
  };
}

/** USER.md first, then MEMORY.md of the master and of each member by id. */
export function memoryFiles(d: AppDeps): MemoryFileView[] {
  const ids = [...d.crew().agents.keys()].sort((a, b) => (a === MASTER ? -1 : b === MASTER ? 1 : a < b ? -1 : 1));
  return [mainFile("user", MASTER), ...ids.map((id) => mainFile("agent", id))].map((f) => fileView(d, f));
}

export function fileView(d: AppDeps, f: MemoryFile): MemoryFileView {
  const text = rawText(d, f);
  const agentName = d.crew().get(f.agentId)?.name ?? f.agentId;
  return { scope: f.scope, agentId: f.agentId, agentName, path: f.path, text, version: version(text),
    maxChars: MAIN_MAX_CHARS };
}

/** The file's whole text as on disk ("" when absent): an editor must never save a cut copy back. */
export function rawText(d: AppDeps, f: MemoryFile): string {
  try {
    return readFileSync(d.crew().memory.abs(f), "utf8");
  } catch {
    return "";
  }
}

export function version(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 16);
}

function proposalView(d: AppDeps, p: MemoryProposal): MemoryProposalView {
  const tz = d.settings.timezone;
  const note = !!parseMemoryPath(p.path, p.agentId)?.date && p.newText.startsWith(p.oldText);
  return {
    id: p.id, agentId: p.agentId, agentName: d.crew().get(p.agentId)?.name ?? p.agentId, scope: p.scope, path: p.path,
    kind: note ? "note" : "rewrite",
    origin: p.source === CONSOLIDATE_SOURCE ? { kind: "consolidate" }
      : p.source?.startsWith("job:") ? { kind: "job", jobId: p.source.slice(4) } : { kind: "other" },
    added: note ? p.newText.slice(p.oldText.length) : null,
    oldText: p.oldText, newText: p.newText, reason: p.reason, status: p.status,
    createdAt: ownerMinute(new Date(p.createdAt), tz),
    decidedAt: p.decidedAt ? ownerMinute(new Date(p.decidedAt), tz) : null,
  };
}
