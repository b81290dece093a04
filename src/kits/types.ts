// The data a kit folder (`.agents/`, `.claude/`, `.opencode/`) and a skills folder yield (F-17…F-20):
// crew members, slash commands, skills and hook rules. Read once per crew build; no code runs here.
import type { AgentProfile } from "../config/agent-schema.ts";

/** `agents/*.md`: a crew member, a profile equivalent whose persona is the Markdown body. */
export type KitMember = { id: string; profile: AgentProfile; persona: string; file: string };

/** `commands/*.md`: `/name args` expands to the body; a steer command joins the running turn (B-14). */
export type KitCommand = { name: string; description: string; steer: boolean; body: string; file: string };

/** `skills/<x>/SKILL.md` (or a skills folder's `*.md`): `always` ones are always in the prompt (F-20). */
export type Skill = { name: string; description: string; always: boolean; body: string; file: string };

export const HOOK_EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** One command hook of a kit's settings.json, with the folders it needs to run. */
export type HookRule = {
  event: HookEvent;
  /** Claude Code's matcher: "" or "*" matches every tool, otherwise a regex over the tool's name. */
  matcher: string;
  command: string;
  timeoutSeconds: number;
  /** The kit folder itself (bound read-only into the sandbox so its scripts can run). */
  kitDir: string;
  /** The folder holding the kit folder: `$CLAUDE_PROJECT_DIR` for the hook. */
  projectDir: string;
};

export type Kit = { members: KitMember[]; commands: KitCommand[]; skills: Skill[]; hooks: HookRule[] };

/** What one agent holds from kits and skills folders. */
export type AgentKit = {
  commands: Map<string, KitCommand>;
  /** Sorted by name; each name once. */
  skills: Skill[];
  hooks: HookRule[];
  /** Set when the agent itself is a kit member: its Markdown body is its persona. */
  persona: string | null;
};

export const emptyKit = (): Kit => ({ members: [], commands: [], skills: [], hooks: [] });
