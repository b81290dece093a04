// The shapes Manage → memory renders (G-01, G-03, G-04): the proposals queue and the memory files,
// as src/server/memory-data.ts reads them from the store and the home.

export type MemoryProposalView = {
  id: number;
  agentId: string;
  agentName: string;
  scope: "user" | "agent";
  path: string;
  /** note: one note added to a day's notes; rewrite: a whole main file (consolidation). */
  kind: "note" | "rewrite";
  /** What made it: a job (its id), a consolidation, or something else. */
  origin: { kind: "job"; jobId: string } | { kind: "consolidate" } | { kind: "other" };
  /** For a note: only the added lines; for a rewrite: the whole texts. */
  added: string | null;
  oldText: string;
  newText: string;
  /** A consolidation's days of notes, "YYYY-MM-DD…YYYY-MM-DD". */
  reason: string | null;
  status: "pending" | "accepted" | "rejected";
  /** Owner time to the minute. */
  createdAt: string;
  decidedAt: string | null;
};

export type MemoryFileView = {
  scope: "user" | "agent";
  agentId: string;
  agentName: string;
  path: string;
  text: string;
  /** A digest of the text as read: a save names it, so an edit made meanwhile is not overwritten. */
  version: string;
  maxChars: number;
};

export type MemoryPage = { pending: MemoryProposalView[]; decided: MemoryProposalView[]; files: MemoryFileView[] };

/** The answer to an action, shown where it was taken. */
export type MemoryFlash = { ok: boolean; detail: string };
