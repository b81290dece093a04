// Kit slash commands (F-17, F-19): `/name args`, for a command of the agent's kits, becomes its Markdown
// body with Claude Code's `$ARGUMENTS` / `$1`…`$9`; a steer command (`steer: true`) joins the running
// turn like `/steer` (B-14). Any other `/word` stays a plain message.
import type { AgentKit } from "./types.ts";

const SLASH = /^\/([A-Za-z0-9][A-Za-z0-9_.:-]*)(?:\s+([\s\S]*))?$/;

export type ExpandedCommand = { name: string; text: string; steer: boolean };

/** null when `text` is not a command of this agent's kits. */
export function expandCommand(kit: AgentKit | undefined, text: string): ExpandedCommand | null {
  const m = SLASH.exec(text.trim());
  const command = m && kit?.commands.get(m[1]!);
  if (!command) return null;
  const args = (m[2] ?? "").trim();
  const words = args ? args.split(/\s+/) : [];
  let used = false;
  const body = command.body
    .replace(/\$ARGUMENTS/g, () => ((used = true), args))
    .replace(/\$([1-9])/g, (_, n: string) => ((used = true), words[Number(n) - 1] ?? ""));
  const expanded = !used && args ? `${body}\n\nARGUMENTS: ${args}` : body;
  return { name: command.name, text: expanded.trim(), steer: command.steer };
}
