// Markdown with YAML front matter, the format of kit agents, commands and skills: a `---` block of
// keys on top, the body below. A file without the block is all body.
import { parse } from "yaml";

export type FrontMatter = { data: Record<string, unknown>; body: string };

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Throws a one-line reason when the block is not a YAML mapping. */
export function frontMatter(text: string): FrontMatter {
  const src = text.replace(/^\uFEFF/, "");
  const m = BLOCK.exec(src);
  if (!m) return { data: {}, body: src.trim() };
  let data: unknown;
  try {
    data = parse(m[1]!);
  } catch (e) {
    throw new Error(`invalid front matter: ${(e as Error).message.split("\n")[0]}`);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) throw new Error("front matter must be a mapping of keys");
  return { data: data as Record<string, unknown>, body: src.slice(m[0].length).trim() };
}

export function text(v: unknown): string {
  return typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
}

/** Claude Code writes lists as "Read, Grep, Glob"; YAML lists work too. */
export function list(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
  if (typeof v === "string") return v.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);
  return undefined;
}

export function flag(v: unknown): boolean {
  return v === true || v === "true" || v === "yes";
}
