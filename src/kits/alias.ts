// The one alias table between the tool names kits were written for (Claude Code, opencode) and
// my-crew's own (F-17): member `tools:` lists, hook matchers and hook input all go through it.

/** Kit name → crew name. opencode spells its tools in lower case. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  Bash: "shell_run",
  Read: "file_read",
  Write: "file_write",
  Edit: "file_edit",
  MultiEdit: "file_edit",
  Grep: "file_search",
  Glob: "file_list",
  LS: "file_list",
  WebFetch: "fetch_url",
  WebSearch: "web_search",
  Task: "delegate",
  TodoWrite: "progress_note",
  bash: "shell_run",
  read: "file_read",
  write: "file_write",
  edit: "file_edit",
  grep: "file_search",
  glob: "file_list",
  list: "file_list",
  webfetch: "fetch_url",
  task: "delegate",
  todowrite: "progress_note",
};

/** Argument names a kit's hook scripts read (Claude Code's) for ours, per crew tool. */
const ARG_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  file_read: { path: "file_path" },
  file_write: { path: "file_path" },
  file_edit: { path: "file_path" },
  file_delete: { path: "file_path" },
  shell_run: { timeout_seconds: "timeout" },
};

/** A kit's tool name as the crew calls it; `Bash(git:*)` permission patterns keep only the tool. */
export function crewToolName(kitName: string): string {
  const bare = kitName.replace(/\(.*\)$/, "").trim();
  return TOOL_ALIASES[bare] ?? bare;
}

/** The name a hook script expects for one of our tools: Claude Code's first, else our own. */
export function kitToolName(crewName: string): string {
  return Object.entries(TOOL_ALIASES).find(([, crew]) => crew === crewName)?.[0] ?? crewName;
}

/** Every name a hook matcher may use for one of our tools. */
export function namesOf(crewName: string): string[] {
  const kit = Object.entries(TOOL_ALIASES).filter(([, crew]) => crew === crewName).map(([k]) => k);
  return [crewName, ...kit];
}

/** Our arguments with Claude Code's names added (ours stay, so a script may read either). */
export function kitToolInput(crewName: string, args: unknown): unknown {
  if (!args || typeof args !== "object" || Array.isArray(args)) return args;
  const renamed: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  for (const [ours, theirs] of Object.entries(ARG_ALIASES[crewName] ?? {})) {
    if (ours in renamed && !(theirs in renamed)) renamed[theirs] = renamed[ours];
  }
  return renamed;
}
