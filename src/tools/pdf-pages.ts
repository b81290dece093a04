// pdf_read's page selection: "1-3,5" → [1, 2, 3, 5], checked against the document's page count, in order
// and without repeats. A selection that cannot be used is a sentence the model can act on.

/** The accepted shape, also the parameter's pattern: numbers and ranges separated by commas. */
export const PAGES_PATTERN = /^\s*\d+\s*(-\s*\d+\s*)?(,\s*\d+\s*(-\s*\d+\s*)?)*$/;

export function selectPages(spec: string | undefined, numPages: number): number[] | string {
  if (spec === undefined || spec.trim() === "") return Array.from({ length: numPages }, (_, i) => i + 1);
  if (!PAGES_PATTERN.test(spec)) {
    return `pages "${spec}" is not a page list; write numbers and ranges like "1-3,5".`;
  }
  const chosen = new Set<number>();
  for (const part of spec.split(",")) {
    const [a, b] = part.split("-").map((s) => Number(s.trim()));
    const from = a!;
    const to = b ?? from;
    if (from < 1 || to < from) {
      return `pages "${part.trim()}" is not a valid range; ranges go from low to high, starting at 1.`;
    }
    if (to > numPages) return `page ${to} does not exist: the document has ${pageCount(numPages)}.`;
    for (let n = from; n <= to; n++) chosen.add(n);
  }
  return [...chosen].sort((x, y) => x - y);
}

export function pageCount(n: number): string {
  return `${n} page${n === 1 ? "" : "s"}`;
}

/** The inverse of selectPages, for "call again with pages=…": [1, 2, 3, 5] → "1-3,5". */
export function pageList(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j > i ? `${pages[i]}-${pages[j]}` : `${pages[i]}`);
    i = j;
  }
  return parts.join(",");
}
