// BM25 ranking over short texts (tool_search, H-25): words are folded (case, Vietnamese diacritics and the
// barred d), split at snake_case and camelCase, and lightly stemmed, so a query typed without diacritics
// finds a description written with them, and "files" finds "file".

const K1 = 1.2;
const B = 0.75;
/** Words that occur in nearly every description (English, and Vietnamese folded): a query made of them
 * would otherwise find, and load, every tool. */
const STOP = new Set(("a an the of to in on for and or with from by is are be it its as at this that your you " +
  "va cua cho trong cac mot nhung la voi de co khong").split(" "));

/** The words of a text as the index compares them. */
export function words(text: string): string[] {
  const folded = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u0111\u0110]/g, "d")
    .toLowerCase();
  return folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0 && !STOP.has(w)).map(stem);
}

/** Plural "s" only: enough for tool names and descriptions, and it never merges unrelated words. */
function stem(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Each document's score for `query`, in document order; 0 when no query word occurs in it. */
export function bm25(documents: string[][], query: string[]): number[] {
  const n = documents.length;
  if (n === 0) return [];
  const avg = documents.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const counts = documents.map((d) => {
    const m = new Map<string, number>();
    for (const w of d) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  });
  const terms = [...new Set(query)];
  const idf = new Map(terms.map((t) => {
    const having = counts.filter((c) => c.has(t)).length;
    return [t, Math.log(1 + (n - having + 0.5) / (having + 0.5))];
  }));
  return counts.map((c, i) => {
    const length = documents[i]!.length;
    let score = 0;
    for (const t of terms) {
      const tf = c.get(t) ?? 0;
      if (tf === 0) continue;
      score += idf.get(t)! * (tf * (K1 + 1)) / (tf + K1 * (1 - B + B * length / avg));
    }
    return score;
  });
}
