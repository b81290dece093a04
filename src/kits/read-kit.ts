// Reads kit folders (F-17): `.agents/`, `.claude/` and `.opencode/` directly under a folder (the home or
// an agent's folder, never a workspace: F-18). Each yields members, commands, skills and hook rules; a
// broken file is skipped with a warning naming it, and never stops the crew from loading.
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import { flag, frontMatter, text } from "./front-matter.ts";
import { kitMember } from "./members.ts";
import { isDir, readSkills } from "./skills.ts";
import { HOOK_EVENTS, emptyKit, type HookRule, type Kit, type KitCommand } from "./types.ts";

export const KIT_DIRS = [".agents", ".claude", ".opencode"] as const;
/** Claude Code's hook default. */
export const HOOK_TIMEOUT_S = 60;
const HOOK_TIMEOUT_MAX_S = 600;

/** The kits under `root`, merged in KIT_DIRS order; one inside a workspace is skipped (F-18). */
export function readKits(root: string, warn: (line: string) => void, workspaces: string[] = []): Kit {
  const kit = emptyKit();
  for (const name of KIT_DIRS) {
    const dir = join(root, name);
    if (!isDir(dir)) continue;
    if (insideAny(dir, workspaces)) {
      warn(`kit ${dir} lies inside an agent's workspace and is not read`);
      continue;
    }
    const one = readKit(dir, warn);
    kit.members.push(...one.members);
    kit.commands.push(...one.commands);
    kit.skills.push(...one.skills);
    kit.hooks.push(...one.hooks);
  }
  return kit;
}

/** One kit folder. opencode names its folders in the singular (`agent/`, `command/`). */
export function readKit(dir: string, warn: (line: string) => void): Kit {
  const members = markdownIn(dir, ["agents", "agent"]).flatMap((file) => {
    const m = parsed(file, warn);
    const member = m && kitMember(file, m.data, m.body, warn);
    return member ? [member] : [];
  });
  const commands = markdownIn(dir, ["commands", "command"]).flatMap((file): KitCommand[] => {
    const m = parsed(file, warn);
    if (!m) return [];
    const name = basename(file, ".md");
    return [{ name, description: text(m.data.description), steer: flag(m.data.steer), body: m.body, file }];
  });
  const skills = readSkills(join(dir, "skills"), warn);
  return { members, commands, skills, hooks: readHooks(join(dir, "settings.json"), warn) };
}

/** settings.json's `hooks`: { Event: [{ matcher, hooks: [{ type: "command", command, timeout }] }] }. */
export function readHooks(file: string, warn: (line: string) => void): HookRule[] {
  if (!existsSync(file)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    warn(`kit ${file}: not valid JSON (${(e as Error).message}); its hooks are ignored`);
    return [];
  }
  const hooks = (json as { hooks?: unknown })?.hooks;
  if (!hooks || typeof hooks !== "object") return [];
  const kitDir = dirname(file);
  const rules: HookRule[] = [];
  for (const [event, groups] of Object.entries(hooks as Record<string, unknown>)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      warn(`kit ${file}: hook event ${event} is not supported; it is ignored`);
      continue;
    }
    for (const group of Array.isArray(groups) ? groups : []) {
      const matcher = typeof group?.matcher === "string" ? group.matcher : "";
      for (const h of Array.isArray(group?.hooks) ? group.hooks : []) {
        if (h?.type !== "command" || typeof h.command !== "string" || !h.command.trim()) {
          warn(`kit ${file}: a ${event} hook that is not a command hook is ignored`);
          continue;
        }
        const timeout = typeof h.timeout === "number" && h.timeout > 0 ? h.timeout : HOOK_TIMEOUT_S;
        rules.push({
          event: event as HookRule["event"],
          matcher,
          command: h.command,
          timeoutSeconds: Math.min(timeout, HOOK_TIMEOUT_MAX_S),
          kitDir,
          projectDir: dirname(kitDir),
        });
      }
    }
  }
  return rules;
}

function markdownIn(dir: string, names: string[]): string[] {
  return names.flatMap((name) => {
    const sub = join(dir, name);
    if (!isDir(sub)) return [];
    return readdirSync(sub).filter((f) => f.endsWith(".md")).sort().map((f) => join(sub, f));
  });
}

function parsed(file: string, warn: (line: string) => void) {
  try {
    return frontMatter(readFileSync(file, "utf8"));
  } catch (e) {
    warn(`kit ${file}: ${(e as Error).message}; it is ignored`);
    return null;
  }
}

/** `dir` is one of `roots` or inside one, compared as real paths. */
function insideAny(dir: string, roots: string[]): boolean {
  const real = realOr(dir);
  return roots.map(realOr).some((r) => real === r || real.startsWith(r.endsWith(sep) ? r : r + sep));
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
