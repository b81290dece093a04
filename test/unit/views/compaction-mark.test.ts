// The chat's compaction marker (issue 20): one divider right before the first message after each summarised
// range — at the top of that turn's container, on a stored turn and on a live one alike — every message still
// shown, and the summary (model output) escaped inside an element htmx and Alpine ignore.
import { describe, expect, test } from "bun:test";
import type { Message } from "../../../src/models/messages.ts";
import type { Run } from "../../../src/models/runs.ts";
import { TContext } from "../../../src/texts/vi-context.ts";
import { compactionMark, type CompactionMark } from "../../../views/compaction-mark.ts";
import { liveTurn, threadBody, type ThreadData } from "../../../views/thread.ts";
import { PAYLOADS } from "../../helpers/xss-payloads.ts";

const message = (seq: number): Message =>
  ({ id: 100 + seq, seq, role: seq % 2 ? "user" : "assistant", content: `tin ${seq}`, toolCalls: null }) as Message;
const run = (id: string, afterSeq: number | null, status = "done"): Run =>
  ({ id, afterSeq, status, startedAt: `2026-01-01T00:00:0${afterSeq ?? 0}Z`, resumed: false }) as Run;
const mark = (id: number, uptoSeq: number, turns: number, summary = `tóm tắt ${id}`): CompactionMark =>
  ({ id, uptoSeq, turns, summary });
const data = (messages: Message[], runs: Run[], compactions: CompactionMark[]): ThreadData =>
  ({ messages, runs, compactions, toolStatus: new Map(), agentName: "a", agentId: "a" });

/** The thread's markers and messages in document order: `cp-<id>(<turns>)`, `m-<seq>`, `turn-<id>`. */
function outline(html: string): string[] {
  const ids = html.matchAll(/id="(cp-\d+|m-\d+|turn-\w+)"(?: data-turns="(\d+)")?/g);
  return [...ids].map(([, id, turns]) => (id!.startsWith("m-") ? `m-${Number(id!.slice(2)) - 100}` : id!)
    + (turns ? `(${turns})` : ""));
}

const render = async (parts: unknown[]) => (await Promise.all(parts.map(String))).join("");

describe("the compaction marker in the thread", () => {
  const messages = [1, 2, 3, 4, 5, 6].map(message);
  const runs = [run("r1", 0), run("r2", 2), run("r3", 4)];

  test("each compaction is marked right before the message after its range, at the top of that turn", async () => {
    const html = await render(threadBody(data(messages, runs, [mark(1, 2, 1), mark(2, 4, 2)])));
    expect(outline(html)).toEqual([
      "turn-r1", "m-1", "m-2", "turn-r2", "cp-1(1)", "m-3", "m-4", "turn-r3", "cp-2(2)", "m-5", "m-6",
    ]);
    expect(html).toContain(`<div class="turn" id="turn-r2" data-status="done"><details class="compaction" id="cp-1"`);
    expect(html).toContain(`<span>${TContext.summarised(1)}</span>`);
    expect(html).toContain(`<span>${TContext.summarised(2)}</span>`);
  });

  test("without compactions the thread is as before; a second one with the same range shows once", async () => {
    expect(outline(await render(threadBody(data(messages, runs, []))))).not.toContainEqual(expect.stringMatching(/cp-/));
    const twice = await render(threadBody(data(messages, runs, [mark(1, 2, 1), mark(7, 2, 1)])));
    expect(outline(twice).filter((x) => x.startsWith("cp-"))).toEqual(["cp-7(1)"]);
  });

  test("messages outside any run (a branch's copies) get their marker too", async () => {
    const html = await render(threadBody(data(messages.slice(0, 4), [], [mark(3, 2, 1)])));
    expect(outline(html)).toEqual(["m-1", "m-2", "cp-3(1)", "m-3", "m-4"]);
  });

  test("a running turn that compacted before its first call shows the marker above its message", async () => {
    const ctx = { toolStatus: new Map(), agentName: "a", agentId: "a", compactions: [mark(1, 2, 1), mark(2, 4, 2)] };
    const html = String(await liveTurn(run("r3", 4, "running"), [message(5)], ctx, "đang viết"));
    expect(outline(html)).toEqual(["turn-r3", "cp-2(2)", "m-5"]);
    expect(html).toStartWith('<div class="turn live" id="turn-r3" data-status="running"><details class="compaction"');
  });
});

describe("the summary behind the marker", () => {
  const unescape = (s: string) =>
    s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'")
      .replaceAll("&amp;", "&");

  test("is plain escaped text in an element htmx and Alpine ignore, for every payload", async () => {
    for (const payload of PAYLOADS) {
      const html = String(await compactionMark(mark(1, 2, 3, payload)));
      const m = /^<details class="compaction" id="cp-1" data-turns="3"><summary title="[^"<>]*"><span>[^<>]*<\/span>/
        .exec(html);
      expect({ payload, head: !!m }).toEqual({ payload, head: true });
      const rest = html.slice(m![0].length);
      const body = /^<\/summary><div class="compaction-text" hx-ignore x-ignore>([^<>"]*)<\/div><\/details>$/.exec(rest);
      expect({ payload, body: body && unescape(body[1]!) }).toEqual({ payload, body: payload });
    }
  });
});
