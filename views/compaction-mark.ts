// The chat's marker where the model reads a summary instead of older turns (issue 20, docs/context.md):
// a thin divider with the number of turns summarised, right before the first message after the summarised
// range, the summary behind it: model output, shown as escaped text that htmx and Alpine ignore.
import { html } from "hono/html";
import { TContext } from "../src/texts/vi-context.ts";

/** What the chat needs of a stored compaction (src/store/compactions.ts). */
export type CompactionMark = { id: number; uptoSeq: number; turns: number; summary: string };

export function compactionMark(c: CompactionMark) {
  const label = html`<summary title="${TContext.summaryHint}"><span>${TContext.summarised(c.turns)}</span></summary>`;
  const text = html`<div class="compaction-text" hx-ignore x-ignore>${c.summary}</div>`;
  return html`<details class="compaction" id="cp-${c.id}" data-turns="${c.turns}">${label}${text}</details>`;
}

/**
 * The markers that go right before a message of seq `seq` whose previous message (in the log, or the
 * slice's start) has seq `after`: each compaction whose range ends in [after, seq). A second compaction
 * with the same end replaces the first, so one place shows one marker.
 */
export function marksBetween(marks: readonly CompactionMark[] | undefined, after: number, seq: number) {
  const here = new Map<number, CompactionMark>();
  for (const c of marks ?? []) if (c.uptoSeq >= after && c.uptoSeq < seq) here.set(c.uptoSeq, c);
  return [...here.values()].sort((a, b) => a.uptoSeq - b.uptoSeq).map(compactionMark);
}
