// The chat over HTTP with stored compactions (issue 20): the page, the fragment a sidebar link swaps in and
// the live stream's opening state all mark each compaction the same way, at the top of the turn after its
// range, with every message still there and the summary escaped.
import { describe, expect, test } from "bun:test";
import { addCompaction } from "../../src/store/compactions.ts";
import { listMessages } from "../../src/store/messages.ts";
import { TContext } from "../../src/texts/vi-context.ts";
import { compactionMark } from "../../views/compaction-mark.ts";
import { testApp } from "../helpers/app.ts";
import { collect } from "../helpers/sse.ts";
import { readUntil } from "../helpers/text-stream.ts";

const HOSTILE = '<img src=x onerror="alert(1)"><div data-hx-get="/canary/1" data-hx-trigger="load" x-init="go()">';

describe("GET /c/<id> with compactions", async () => {
  const t = await testApp();
  const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
  for (const text of ["một", "hai", "ba"]) await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
  const seqs = listMessages(t.store, id).map((m) => [m.seq, m.role]);
  const first = addCompaction(t.store, { conversationId: id, uptoSeq: 2, turns: 1, lastSeq: 3, summary: "- một", runId: null });
  const second = addCompaction(t.store, { conversationId: id, uptoSeq: 4, turns: 2, lastSeq: 5, summary: HOSTILE, runId: null });
  const markers = [String(await compactionMark(first)), String(await compactionMark(second))];

  test("the setup: three turns of two messages each", () => {
    expect(seqs).toEqual([[1, "user"], [2, "assistant"], [3, "user"], [4, "assistant"], [5, "user"], [6, "assistant"]]);
  });

  /** The thread's turn containers, markers and messages in document order. */
  const outline = (html: string) => [...html.matchAll(/class="(turn|compaction|msg user|msg assistant)[ "]/g)]
    .map((m) => m[1]!.replace("msg ", ""));

  const expectMarked = (html: string) => {
    for (const m of markers) expect(html.split(m).length).toBe(2);
    expect(outline(html)).toEqual(["turn", "user", "assistant", "turn", "compaction", "user", "assistant", "turn",
      "compaction", "user", "assistant"]);
    expect(html).toContain(TContext.summarised(2));
    expect(html).not.toContain(HOSTILE);
  };

  test("the page marks both with their counts, each at the top of the turn after its range", async () => {
    const res = await t.request(`/c/${id}`);
    expect(res.status).toBe(200);
    expectMarked(await res.text());
  });

  test("the fragment a sidebar link swaps in and the live stream's opening state mark them the same", async () => {
    const fragment = await (await t.request(`/c/${id}`, { headers: { "hx-request": "true" } })).text();
    expectMarked(fragment);
    const live = await readUntil(await t.request(`/c/${id}/live`), (s) => s.includes("event: state"));
    expectMarked(live);
  });
});
