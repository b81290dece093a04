// Skills (F-20): Markdown with a `name` (optional `always`, `description`) in `<home>/skills`, an agent's
// `skills_dirs` and kits' `skills/`. `always` skills are always in the prompt; the others are toggles a
// conversation turns on (its `skills` list). Sections come sorted by name so the prompt stays stable.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { flag, frontMatter, text } from "./front-matter.ts";
import type { Skill } from "./types.ts";

/** `<dir>/<x>/SKILL.md` (Claude Code's layout) and `<dir>/*.md`; a file without `name` is skipped. */
export function readSkills(dir: string, warn: (line: string) => void): Skill[] {
  if (!isDir(dir)) return [];
  const files = readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (isDir(path)) return readdirSync(path).includes("SKILL.md") ? [join(path, "SKILL.md")] : [];
    return entry.endsWith(".md") ? [path] : [];
  });
  return files.flatMap((file): Skill[] => {
    let fm;
    try {
      fm = frontMatter(readFileSync(file, "utf8"));
    } catch (e) {
      warn(`skill ${file}: ${(e as Error).message}; it is ignored`);
      return [];
    }
    const name = text(fm.data.name);
    if (!name) {
      warn(`skill ${file}: no name in its front matter; it is ignored`);
      return [];
    }
    return [{ name, description: text(fm.data.description), always: flag(fm.data.always), body: fm.body, file }];
  });
}

/** The first skill of each name wins (callers list the most specific folders first), sorted by name. */
export function mergeSkills(lists: Skill[][]): Skill[] {
  const byName = new Map<string, Skill>();
  for (const s of lists.flat()) if (!byName.has(s.name)) byName.set(s.name, s);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The prompt sections of the skills in force: every `always` skill plus the enabled toggles. */
export function skillSections(skills: Skill[], enabled: readonly string[]): string[] {
  const on = new Set(enabled);
  return skills
    .filter((s) => s.always || on.has(s.name))
    .map((s) => `## Skill: ${s.name}${s.description ? ` (${s.description})` : ""}\n\n${s.body}`);
}

/** The names a conversation may toggle: the skills that are not `always`. */
export function toggleSkills(skills: Skill[]): string[] {
  return skills.filter((s) => !s.always).map((s) => s.name);
}

export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
