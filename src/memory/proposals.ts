// Deciding memory proposals (G-03, G-04): accept writes the proposed text — an appended note onto the notes as
// they are now, a rewrite only onto the exact text it was made from — and records what the file held, so a
// rollback restores those exact bytes while the file still holds what accept wrote. Each step runs alone per
// proposal and per file, and refusals are one sentence for the owner.
import { withFileLock } from "../config/file-write.ts";
import type { Store } from "../store/db.ts";
import {
  acceptProposal, decideProposal, getProposal, reopenProposal, type MemoryProposal,
} from "../store/memory-proposals.ts";
import { TM } from "../texts/vi-memory.ts";
import { MemoryFileError, parseMemoryPath, type MemoryFile, type MemoryFiles } from "./files.ts";

export type Decision = { ok: true; proposal: MemoryProposal } | { ok: false; status: 404 | 409 | 422; detail: string };

export function acceptMemoryProposal(store: Store, files: MemoryFiles, id: number): Promise<Decision> {
  return alone(id, async () => {
    const found = pendingFile(store, id);
    if (!found.ok) return found;
    const { p, f } = found;
    const done = await files.change(f, (now) => applied(p, f, now)).catch(tooLong);
    if (done === "too long") return refuse(422, TM.tooLong);
    if (!done) return refuse(409, TM.changedSince);
    return { ok: true, proposal: acceptProposal(store, id, done.before, done.after)! };
  });
}

export function rejectMemoryProposal(store: Store, id: number): Promise<Decision> {
  return alone(id, async () => {
    const found = pendingFile(store, id);
    if (!found.ok) return found;
    return { ok: true, proposal: decideProposal(store, id, "rejected")! };
  });
}

/** Puts back the exact text an accepted proposal replaced; the proposal waits again for a decision. */
export function rollbackMemoryProposal(store: Store, files: MemoryFiles, id: number): Promise<Decision> {
  return alone(id, async () => {
    const p = getProposal(store, id);
    if (!p) return refuse(404, TM.unknownProposal);
    if (p.status !== "accepted") return refuse(409, TM.notAccepted);
    const f = parseMemoryPath(p.path, p.agentId);
    if (!f) return refuse(422, TM.notMemoryFile);
    const done = await files.change(f, (now) => (now === p.newText ? p.oldText : null));
    if (!done) return refuse(409, TM.changedAfterAccept);
    return { ok: true, proposal: reopenProposal(store, id)! };
  });
}

/**
 * The text accept writes over `now`, or null when it cannot: a rewrite needs the file exactly as it was
 * proposed against; an added note (notes only grow) is added to whatever the day's notes hold now.
 */
export function applied(p: Pick<MemoryProposal, "oldText" | "newText">, f: MemoryFile, now: string): string | null {
  if (now === p.oldText) return p.newText;
  if (!f.date || !p.newText.startsWith(p.oldText)) return null;
  const added = p.newText.slice(p.oldText.length);
  return `${now}${now === "" || now.endsWith("\n") ? "" : "\n"}${added}`;
}

function pendingFile(store: Store, id: number):
  { ok: true; p: MemoryProposal; f: MemoryFile } | { ok: false; status: 404 | 409 | 422; detail: string } {
  const p = getProposal(store, id);
  if (!p) return refuse(404, TM.unknownProposal);
  if (p.status !== "pending") return refuse(409, TM.alreadyDecided);
  const f = parseMemoryPath(p.path, p.agentId);
  if (!f) return refuse(422, TM.notMemoryFile);
  return { ok: true, p, f };
}

/** One decision at a time per proposal in this process: two clicks never apply a note twice. */
function alone(id: number, step: () => Promise<Decision>): Promise<Decision> {
  return withFileLock(`memory-proposal:${id}`, step);
}

function tooLong(e: unknown): "too long" {
  if (e instanceof MemoryFileError) return "too long";
  throw e;
}

function refuse(status: 404 | 409 | 422, detail: string): { ok: false; status: 404 | 409 | 422; detail: string } {
  return { ok: false, status, detail };
}
