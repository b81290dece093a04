// Searching memory files (memory_search): every non-blank line is a document, ranked by BM25 over folded
// words (case, Vietnamese diacritics and the barred d, as tool_search folds them), best first.
import { bm25, words } from "../tools/bm25.ts";
import type { MemoryFile, MemoryFiles } from "./files.ts";

/** How many lines a search returns: enough to answer, few enough to stay a small tool result. */
export const HITS_SHOWN = 12;
/** A hit line longer than this is cut: a note is short, a pasted blob is not worth the tokens. */
const LINE_MAX = 300;

export type LineHit = { path: string; line: string };

export async function searchMemory(files: MemoryFiles, from: MemoryFile[], query: string): Promise<LineHit[]> {
  const terms = words(query);
  if (terms.length === 0) return [];
  const lines: LineHit[] = [];
  for (const f of from) {
    for (const line of (await files.read(f)).split("\n")) {
      if (line.trim() !== "") lines.push({ path: f.path, line: line.trim() });
    }
  }
  const scores = bm25(lines.map((l) => words(l.line)), terms);
  return lines
    .map((l, i) => ({ l, score: scores[i]! }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, HITS_SHOWN)
    .map(({ l }) => ({ path: l.path, line: l.line.length > LINE_MAX ? `${l.line.slice(0, LINE_MAX)}…` : l.line }));
}
