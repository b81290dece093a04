// The system prompt (A-03, G-07): fixed parts in a fixed order — who the agent is, its persona, the owner
// facts and its MEMORY.md, the crew it may hand work to, the rules, extra sections (skills), and the date line
// last — so everything before the date line is byte-identical from turn to turn and the provider's prompt cache
// holds. What changes during a day (notes, the previous conversation) rides with the messages instead (G-05).
import { readFileSync } from "node:fs";
import { dateFormat } from "../config/formatters.ts";
import { T_BLOCKS } from "../texts/vi-blocks.ts";

/** Past this a persona is cut: it is read into every model call of every turn. */
export const PERSONA_MAX_CHARS = 16_000;

export type RosterEntry = { id: string; name: string; description: string };

export type PromptParts = {
  name: string;
  description: string;
  /** The persona Markdown as read this turn (null: the agent has none). */
  persona: string | null;
  /** users/owner/USER.md and the agent's MEMORY.md as read this turn ("" when empty): they change only by an
   * edit on the memory page or an accepted consolidation, never by a note (G-04, G-07). */
  ownerFacts?: string;
  memory?: string;
  /** The agents this one may delegate to (empty: it does not delegate). */
  roster: RosterEntry[];
  /** Extra sections (active skills), each already formatted, in a stable order; placed before the date. */
  sections?: string[];
  timezone: string;
};

export function systemPrompt(p: PromptParts, now: Date): string {
  const parts = [
    `You are ${p.name}, a personal agent of my-crew running on the owner's own server.` +
      (p.description ? ` ${p.description}` : ""),
    p.persona,
    titled("What the crew knows about the owner (users/owner/USER.md):", p.ownerFacts),
    titled("Your memory (MEMORY.md):", p.memory),
    p.roster.length > 0 ? rosterText(p.roster) : null,
    RULES,
    ...(p.sections ?? []),
    // The date line stays last so the rest of the prompt is identical from turn to turn (G-07).
    `Today is ${dateLine(now, p.timezone)} (${p.timezone}).`,
  ];
  return parts.filter((s): s is string => !!s && s.trim() !== "").join("\n\n");
}

/** The persona file's text, read fresh each turn so an edit counts at once (F-03); null when absent. */
export function readPersona(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  text = text.trim();
  if (text.length <= PERSONA_MAX_CHARS) return text || null;
  return `${text.slice(0, PERSONA_MAX_CHARS)}\n\n[persona cut at ${PERSONA_MAX_CHARS} characters]`;
}

const RULES = [
  "Answer in the language the owner writes in. Use tools when they help; " +
    "state-changing tools may wait for the owner's approval.",
  "Files live in your workspace; paths are relative to it.",
  "A user message may begin with a <memory> block added by my-crew, not written by the owner: new notes of " +
    "yesterday and today and, in a new conversation, a summary of the previous one " +
    `(${T_BLOCKS.previous}). Each block holds only what earlier blocks did not; notes you saved yourself in this ` +
    "conversation are not repeated.",
].join("\n\n");

function titled(title: string, text: string | undefined): string | null {
  return text?.trim() ? `${title}\n\n${text.trim()}` : null;
}

function rosterText(roster: RosterEntry[]): string {
  const lines = roster.map((a) => `- ${a.id} (${a.name})${a.description ? `: ${a.description}` : ""}`);
  return ["Your crew: agents you can hand a task to with the delegate tool, by id.", ...lines].join("\n");
}

function dateLine(now: Date, timezone: string): string {
  const opts = { timeZone: timezone, weekday: "long", year: "numeric", month: "long", day: "numeric" } as const;
  return dateFormat("en-GB", opts).format(now);
}
