// Helpers the workspace tools share: reading a text file with errors the model can act on, telling
// binary files apart, and walking a folder in a stable order without leaving it.
import { readdirSync, readFileSync, statSync, type Stats } from "node:fs";
import { extname, join } from "node:path";

/** Files bigger than this are never loaded whole (file_read, file_edit). */
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;
/** Folders a recursive walk lists but never descends into. */
export const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

/** A NUL byte in the first 8 KB marks a file as binary, as git and grep decide. */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

const IMAGE = new Set([".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".ico"]);

/** The sentence for a binary file, pointing at the tool that can read it when there is one. */
export function binaryMessage(shown: string): string {
  const ext = extname(shown).toLowerCase();
  const hint = IMAGE.has(ext)
    ? " Use image_read to look at an image."
    : ext === ".pdf"
      ? " Use pdf_read to read a PDF."
      : " Use shell_run with a suitable command (for example `file` or `xxd | head`) if you need to inspect it.";
  return `${shown} is a binary file, and this tool only works on text files.${hint}`;
}

/** Reads a UTF-8 text file, or throws a sentence saying why not and what to do instead. */
export function readTextFile(abs: string, shown: string): string {
  const st = statOrNull(abs);
  if (!st) throw new Error(`No file at ${shown}. Use file_list to see which files exist.`);
  if (st.isDirectory()) throw new Error(`${shown} is a directory, not a file. Use file_list to see what it contains.`);
  if (!st.isFile()) throw new Error(`${shown} is not a regular file (a device, socket or pipe); it cannot be read as ` +
      `text.`);
  if (st.size > MAX_TEXT_BYTES) {
    const mb = (st.size / 1024 / 1024).toFixed(1);
    throw new Error(
      `${shown} is ${mb} MB, over the ${MAX_TEXT_BYTES / 1024 / 1024} MB limit for this tool. Use file_search to ` +
          `find the lines you need, or shell_run with head, tail or sed.`,
    );
  }
  const bytes = readFileSync(abs);
  if (looksBinary(bytes)) throw new Error(binaryMessage(shown));
  return new TextDecoder().decode(bytes);
}

export function statOrNull(abs: string): Stats | null {
  try {
    return statSync(abs);
  } catch {
    return null;
  }
}

export type WalkEntry = { abs: string; rel: string; dir: boolean; link: boolean };

/**
 * Depth-first walk in name order. Symlinks are reported but never followed (no loops, no way out of the
 * workspace); SKIPPED_DIRS are reported but not entered. `rel` is relative to `relBase`.
 */
export function* walk(dirAbs: string, relBase: string, recursive: boolean): Generator<WalkEntry> {
  let names: { name: string; dir: boolean; link: boolean }[];
  try {
    names = readdirSync(dirAbs, { withFileTypes: true }).map((d) => ({
      name: d.name,
      dir: d.isDirectory(),
      link: d.isSymbolicLink(),
    }));
  } catch {
    return;
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, dir, link } of names) {
    const abs = join(dirAbs, name);
    const rel = relBase === "." ? name : `${relBase}/${name}`;
    yield { abs, rel, dir, link };
    if (dir && recursive && !SKIPPED_DIRS.has(name)) yield* walk(abs, rel, true);
  }
}
