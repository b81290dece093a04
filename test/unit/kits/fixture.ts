// A temp home holding a copy of test/fixtures/claude-kit (a sample `.claude/` tree: an agent, two
// commands — one a steer command —, two skills and a PreToolUse hook that blocks Bash).
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const KIT_FIXTURE = join(import.meta.dir, "..", "..", "fixtures", "claude-kit");

/** A home with the fixture's `.claude/` at its root, plus `files` (path → content) inside it. */
export function kitHome(files: Record<string, string> = {}): string {
  const home = mkdtempSync(join(tmpdir(), "mc-kits-"));
  cpSync(KIT_FIXTURE, home, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), content);
  }
  return home;
}

export const md = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front).map(([k, v]) => `${k}: ${v}`).join("\n")}\n---\n${body}\n`;
