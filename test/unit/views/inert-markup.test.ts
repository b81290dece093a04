// Every element that shows model, tool or user text tells htmx and Alpine to keep out (hx-ignore,
// x-ignore), in each view that renders such text: bubbles, the live segment, tool cards, the
// approval bar's arguments, a compaction's summary and the run page's timeline. The text itself stays escaped.
import { describe, expect, test } from "bun:test";
import type { Approval } from "../../../src/store/approvals.ts";
import type { Run } from "../../../src/store/runs.ts";
import { approvalBar } from "../../../views/approval-bar.ts";
import { runPage } from "../../../views/manage/run-page.ts";
import { assistantBubble, userBubble } from "../../../views/thread.ts";
import { toolCard } from "../../../views/tool-card.ts";
import { delta, liveTurn } from "../../../views/live.ts";
import { compactionMark } from "../../../views/compaction-mark.ts";

const EVIL = '<div data-hx-get="/canary" data-hx-trigger="load" x-init="alert(1)">';
const ESCAPED = "&lt;div data-hx-get=&quot;/canary&quot; data-hx-trigger=&quot;load&quot; "
  + "x-init=&quot;alert(1)&quot;&gt;";

/** The opening tag of the element with `cls` among its classes. */
const tagOf = (html: string, cls: string) => new RegExp(`<[a-z]+ class="${cls}[^"]*"[^>]*>`).exec(html)?.[0] ?? "";

describe("markup around rendered text", () => {
  test("user and answer bubbles", async () => {
    for (const html of [(await userBubble(EVIL)).toString(), (await assistantBubble(EVIL)).toString()]) {
      expect(tagOf(html, "bubble")).toMatch(/ hx-ignore x-ignore>$/);
      expect(html).toContain(ESCAPED);
    }
  });

  test("the live segment a streamed answer grows in, and the text appended to it", async () => {
    const run = { id: "r1", status: "running" } as unknown as Run;
    const ctx = { toolStatus: new Map(), agentName: "a", agentId: "a" };
    const html = (await liveTurn(run, [], ctx, EVIL)).toString();
    expect(tagOf(html, "bubble seg")).toBe('<div class="bubble seg" id="seg-r1" hx-ignore x-ignore>');
    expect(html).toContain(ESCAPED);
    const more = (await delta("r1", EVIL)).toString();
    expect(more).toBe(`<hx-partial hx-target="#seg-r1" hx-swap="beforeend">${ESCAPED}</hx-partial>`);
  });

  test("a tool card, with its arguments and output", async () => {
    const card = { id: "c1", name: "file_read", arguments: EVIL, output: EVIL, status: "done" };
    const html = (await toolCard(card)).toString();
    expect(tagOf(html, "tool-card")).toMatch(/ hx-ignore x-ignore>$/);
    expect(html.split(ESCAPED).length).toBe(4); // summary, full arguments, output
  });

  test("the approval bar's arguments, short and full", async () => {
    const a = { id: "a1", tool: "file_write", arguments: { text: EVIL.repeat(3) }, reason: null, kind: "approval" };
    const html = (await approvalBar(a as unknown as Approval)).toString();
    expect(tagOf(html, "approval-args")).toBe('<p class="approval-args" hx-ignore x-ignore>');
    expect(tagOf(html, "approval-full")).toBe('<details class="approval-full" hx-ignore x-ignore>');
    expect(html).not.toContain(EVIL);
  });

  test("the summary behind a compaction marker", async () => {
    const html = (await compactionMark({ id: 1, uptoSeq: 2, turns: 1, summary: EVIL })).toString();
    expect(tagOf(html, "compaction-text")).toBe('<div class="compaction-text" hx-ignore x-ignore>');
    expect(html).toContain(ESCAPED);
  });

  test("the run page's timeline", async () => {
    const run = { id: "r1", agentId: "a", source: "chat", status: "done", spentUsd: 0, unknownCostCalls: 0 };
    const step = { type: "tool", name: "file_read", status: "done", arguments: EVIL, result: EVIL, endedAt: null };
    const page = { run: run as unknown as Run, steps: [step as never], children: [], maxSteps: 30, links: {} };
    const html = (await runPage(page)).toString();
    expect(tagOf(html, "timeline")).toBe('<ol class="timeline" hx-ignore x-ignore>');
    expect(html).not.toContain(EVIL);
  });
});
