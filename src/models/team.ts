// What Manage → Team shows (F-24, F-22): the crew master first, each agent with its badges and the text
// of its two files for the editor, the bundled templates, and the answer to the last action.

export type TeamAgent = {
  id: string;
  master: boolean;
  name: string;
  description: string;
  mode: "chat" | "work" | null;
  live: boolean;
  schedules: number;
  telegram: boolean;
  /** The one-line reason a member failed to load; its files can still be edited. */
  broken: string | null;
  file: string;
  yaml: string;
  persona: string;
};

export type TeamTemplate = { id: string; name: string; description: string; installed: boolean };

export type TeamData = { agents: TeamAgent[]; templates: TeamTemplate[] };

/** The answer to the last action: an install (by template), a save (by agent, keeping the typed text)
 * or a reload. `ok: false` carries the refusal's sentence, shown next to what was clicked. */
export type TeamFlash =
  | { kind: "install"; template: string; ok: boolean; detail: string }
  | { kind: "save"; id: string; ok: boolean; detail: string; yaml: string; persona: string }
  | { kind: "reload"; ok: boolean; detail: string };
