// Exact-text replacement shared by file_edit and artifact_edit: how many times a piece occurs, and the
// replacement itself, so both tools count and replace the same occurrences.

/** Non-overlapping occurrences, the same ones `replaceText(…, all = true)` replaces. */
export function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Replaces the first occurrence, or every one with `all`. Index slicing, not String.replace, so "$&" or "$1"
 * in the new text stays literal. */
export function replaceText(text: string, from: string, to: string, all = false): string {
  if (all) return text.split(from).join(to);
  const at = text.indexOf(from);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
