// Per-turn memory blocks (G-05, G-06, G-09): the text stored with a turn's opening message and read by the model
// right before it — yesterday's and today's notes (the owner's and the agent's own) and the previous channel
// conversation's summary — holding only what the conversation's earlier blocks did not show yet, and never a
// note the conversation saved itself: its own tool call already told the model, and re-sending it breaks caching.
import { localDate, startOfLocalDay } from "../config/owner-time.ts";
import type { ToolCall } from "../llm/types.ts";
import { getConversation, previousOnChannel } from "../store/conversations.ts";
import type { Store } from "../store/db.ts";
import { foldLog, messageLog } from "../store/message-log.ts";
import type { Message } from "../store/messages.ts";
import { T_BLOCKS } from "../texts/vi-blocks.ts";
import { MEMORY_SAVE } from "../tools/memory-save.ts";
import { appended, noteFile, type MemoryFiles, type MemoryScope } from "./files.ts";

/** What an agent's blocks are read from: the home's memory files, in the owner's calendar. */
export type AgentMemory = { files: MemoryFiles; agentId: string; timezone: string };

/** One day's notes of one place, as a block would show them. */
export type NoteSection = { title: string; date: string; label: string; text: string };

export type BlockInput = {
  notes: NoteSection[];
  /** The previous channel conversation's summary (G-10); null when there is none. */
  previous: string | null;
  /** The blocks stored with the conversation's earlier messages, oldest first. */
  earlier: string[];
  /** The texts the conversation's own memory_save calls saved. */
  own: string[];
};

const BLOCK_OPEN = "<memory>";
const BLOCK_CLOSE = "</memory>";
/** A saved text shorter than this could match unrelated note lines, so it never hides one. */
const OWN_MIN_CHARS = 3;
const HEADING = /^### (.+) (\d{4}-\d{2}-\d{2}) \([^)\n]*\)$/;

/** The block for a new opening message: what changed since the conversation's last block; "" when nothing. */
export function composeBlock(input: BlockInput): string {
  const known = knownLines(input.earlier);
  // A saved text sits in its note line as appended() wrote it: one line, after the time.
  const own = input.own.map((t) => appended("", t).trim()).filter((t) => t.length >= OWN_MIN_CHARS);
  const parts: string[] = [];
  for (const s of input.notes) {
    const seen = known.notes.get(keyOf(s.title, s.date));
    const lines = s.text.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
    const fresh = lines.filter((l) => !seen?.has(l.trim()) && !own.some((o) => l.includes(o)));
    if (fresh.length > 0) parts.push(`### ${s.title} ${s.date} (${s.label})\n${fresh.join("\n")}`);
  }
  const previous = input.previous?.trim();
  if (previous && !known.previous) parts.push(`### ${T_BLOCKS.previous}\n${previous}`);
  return parts.length > 0 ? `${BLOCK_OPEN}\n${parts.join("\n\n")}\n${BLOCK_CLOSE}` : "";
}

/**
 * The block to store with a conversation's next opening message (send, queue drain, job prompt). Stored
 * even when "" so that "this conversation has blocks" stays true and G-08 never re-reads memory for it.
 */
export function openingBlock(store: Store, mem: AgentMemory, conversationId: string, now = new Date()): string {
  const earlier = foldLog(messageLog(store, conversationId), folds, () => ({ blocks: [], own: [] }), (acc, m) => {
    // An empty block showed nothing: most messages carry one, and each would be parsed again every turn.
    if (m.block) acc.blocks.push(m.block);
    for (const text of savedTexts(m)) acc.own.push(text);
  });
  return composeBlock({
    notes: noteSections(mem, now),
    previous: previousSummary(store, conversationId),
    earlier: earlier.blocks,
    own: earlier.own,
  });
}

/** The blocks a conversation's messages carry and the texts it saved to memory, extended as the log grows. */
const folds = new WeakMap<readonly Message[], { seen: number; value: { blocks: string[]; own: string[] } }>();

/** Yesterday's and today's notes in the owner's calendar, the owner's place first, then the agent's. */
function noteSections(mem: AgentMemory, now: Date): NoteSection[] {
  const today = localDate(now, mem.timezone);
  const yesterday = localDate(new Date(startOfLocalDay(now, mem.timezone).getTime() - 1), mem.timezone);
  const days = [{ date: yesterday, label: T_BLOCKS.yesterday }, { date: today, label: T_BLOCKS.today }];
  const places: [MemoryScope, string][] = [["user", T_BLOCKS.ownerNotes], ["agent", T_BLOCKS.agentNotes]];
  return places.flatMap(([scope, title]) =>
    days.map((d) => ({ title, ...d, text: mem.files.readSync(noteFile(scope, mem.agentId, d.date)) })),
  );
}

function previousSummary(store: Store, conversationId: string): string | null {
  const conv = getConversation(store, conversationId);
  return conv ? previousOnChannel(store, conv)?.summary ?? null : null;
}

/** The `text` of every memory_save call a message made (G-09). */
function savedTexts(m: Message): string[] {
  const calls = m.role === "assistant" && Array.isArray(m.toolCalls) ? (m.toolCalls as ToolCall[]) : [];
  return calls.filter((c) => c.name === MEMORY_SAVE).flatMap((c) => {
    try {
      const text = (JSON.parse(c.arguments) as { text?: unknown }).text;
      return typeof text === "string" ? [text] : [];
    } catch {
      return [];
    }
  });
}

/** The note lines earlier blocks showed, by place and date, and whether one carried the previous conversation. */
function knownLines(blocks: string[]): { notes: Map<string, Set<string>>; previous: boolean } {
  const notes = new Map<string, Set<string>>();
  let previous = false;
  for (const block of blocks) {
    let current: Set<string> | undefined;
    for (const line of block.split("\n")) {
      const h = HEADING.exec(line);
      if (h) {
        const key = keyOf(h[1]!, h[2]!);
        current = notes.get(key) ?? new Set();
        notes.set(key, current);
      } else if (line === `### ${T_BLOCKS.previous}`) {
        // Always the block's last section: a summary's own words must not read as notes.
        previous = true;
        break;
      } else if (line === BLOCK_CLOSE) {
        current = undefined;
      } else if (current && line.trim() !== "") {
        current.add(line.trim());
      }
    }
  }
  return { notes, previous };
}

function keyOf(title: string, date: string): string {
  return `${title}\n${date}`;
}
