// Resume after a restart (C-09…C-13, C-20, C-21) on the real runtime with fake:echo: the boot closes what
// the dead process left open, then each conversation's cut run continues once — same run id, same
// spend, `resumed` stored before its first step — or says why it does not.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CUT } from "../../../src/agent/cut-calls.ts";
import { createApproval, decideApproval } from "../../../src/store/approvals.ts";
import { createConversation, deleteConversation, updateOptions } from "../../../src/store/conversations.ts";
import { appendMessage, listMessages, lastSeq } from "../../../src/store/messages.ts";
import { addRunSpend, addStep, createRun, getRun, listSteps, setRunStatus, type Run } from "../../../src/store/runs.ts";
import { closeLeftOpen, resumeCutTurns, type CutTurnReader } from "../../../src/turns/resume.ts";
import { testApp } from "../../helpers/app.ts";

async function setup() {
  const t = await testApp();
  const conv = createConversation(t.store, { agentId: "default", costCapUsd: 0 });
  /** A run the dead process left `running` after storing `messages` (the turn's user message first). */
  const cut = (messages: Parameters<typeof appendMessage>[1][], source = "chat", startedAt?: string) => {
    const afterSeq = lastSeq(t.store, conv.id);
    const run = createRun(t.store, { agentId: "default", source, conversationId: conv.id, afterSeq, startedAt });
    for (const m of messages) appendMessage(t.store, m);
    return run;
  };
  const user = (content: string) => ({ conversationId: conv.id, role: "user" as const, content });
  /** The assistant's call of file_write (needs approval, not replay-safe) to write `path`. */
  const write = (id: string, path: string) => {
    const toolCalls = [{ id, name: "file_write", arguments: JSON.stringify({ path, content: "x" }) }];
    return { conversationId: conv.id, role: "assistant" as const, content: "", toolCalls };
  };
  const approval = (runId: string, toolCallId: string) => {
    return createApproval(t.store, { conversationId: conv.id, runId, toolCallId, tool: "file_write", ttlSeconds: 600 });
  };
  const boot = (readers: CutTurnReader[] = [t.runtime.host]) => {
    return resumeCutTurns(t.store, closeLeftOpen(t.store), readers);
  };
  const settled = async () => {
    await t.runtime.host.running(conv.id)?.done;
  };
  const texts = () => listMessages(t.store, conv.id).map((m) => `${m.role}:${m.content}`);
  return { ...t, conv, cut, user, write, approval, boot, settled, texts };
}

describe("resume after a restart", () => {
  test("a turn cut mid-answer continues as the same run, `resumed` stored before its first step", async () => {
    const s = await setup();
    const run = s.cut([s.user("xin chào")], "chat", "2020-01-01T00:00:00.000Z"); // cut long ago: no age limit (C-20)
    addRunSpend(s.store, run.id, { usd: 0.25 });
    const seen: Run[] = [];
    const spy: CutTurnReader = {
      reads: (src) => s.runtime.host.reads(src),
      resume: (r, o) => {
        seen.push(getRun(s.store, r.id)!);
        s.runtime.host.resume(r, o);
      },
    };
    expect(s.boot([spy])).toEqual({ resumed: [run.id], skipped: [] });
    expect(seen[0]).toMatchObject({ id: run.id, status: "running", resumed: true });
    expect(listSteps(s.store, run.id)).toEqual([]);
    await s.settled();
    expect(getRun(s.store, run.id)).toMatchObject({ status: "done", resumed: true, spentUsd: 0.25, afterSeq: 0 });
    expect(s.texts()).toEqual(["user:xin chào", "assistant:xin chào"]);
  });

  test("each run resumes at most once: a resumed turn that is cut again is closed, its calls too", async () => {
    const s = await setup();
    const run = s.cut([s.user("write"), s.write("w1", "a.txt")]);
    s.boot([{ reads: () => true, resume: () => {} }]); // reopened, then the process dies before any step
    expect(getRun(s.store, run.id)!.resumed).toBe(true);
    expect(s.boot()).toEqual({ resumed: [], skipped: [] });
    expect(getRun(s.store, run.id)!.status).toBe("interrupted");
    const closed = listMessages(s.store, s.conv.id).at(-1);
    expect(closed).toMatchObject({ role: "tool", toolCallId: "w1", content: CUT.unknown });
  });

  test("an allowed state-changing call is not re-run; the model is told and answers", async () => {
    const s = await setup();
    updateOptions(s.store, s.conv.id, { autonomous: true });
    const run = s.cut([s.user("write"), s.write("w1", "a.txt")]);
    s.boot();
    await s.settled();
    expect(existsSync(join(s.root, "workspace", "a.txt"))).toBe(false);
    expect(s.texts().slice(2)).toEqual([`tool:${CUT.unknown}`, `assistant:file_write: ${CUT.unknown}`]);
    expect(getRun(s.store, run.id)!.status).toBe("done");
  });

  test("a decision made while no process held the run: closed at boot, then continued as decided", async () => {
    const s = await setup();
    const run = s.cut([s.user("write"), s.write("w1", "b.txt")]);
    setRunStatus(s.store, run.id, "waiting");
    decideApproval(s.store, s.approval(run.id, "w1").id, { status: "approved" });
    s.boot();
    await s.settled();
    expect(existsSync(join(s.root, "workspace", "b.txt"))).toBe(true);
    expect(getRun(s.store, run.id)).toMatchObject({ status: "done", resumed: true });
  });

  test("not resumed: deleted, waiting for a decision, answered already, budget spent, nobody to read it", async () => {
    const s = await setup();
    const why = (r: ReturnType<typeof s.boot>) => r.skipped.map((x) => x.why);
    const waiting = s.cut([s.user("w"), s.write("p1", "c")]);
    setRunStatus(s.store, waiting.id, "waiting");
    s.approval(waiting.id, "p1");
    expect(s.boot()).toEqual({ resumed: [], skipped: [] }); // kept waiting (C-21): not even cut
    expect(getRun(s.store, waiting.id)!.status).toBe("waiting");

    const t = await setup();
    const answered = t.cut([t.user("hi"), { conversationId: t.conv.id, role: "assistant", content: "hello" }]);
    addStep(t.store, { runId: answered.id, type: "model", status: "done" }); // killed before the status write
    expect(why(t.boot())).toEqual(["its answer was already stored"]);
    expect(getRun(t.store, answered.id)).toMatchObject({ status: "done", summary: "hello" });

    const b = await setup();
    updateOptions(b.store, b.conv.id, { costCapUsd: 0.01 });
    b.store.db.run("UPDATE conversations SET spent_usd = 0.02 WHERE id = ?", [b.conv.id]);
    b.cut([b.user("more"), b.write("x1", "a")]);
    expect(why(b.boot())).toEqual(["its budget is spent"]);
    expect(listMessages(b.store, b.conv.id).at(-1)).toMatchObject({ role: "tool", content: CUT.unknown });

    const g = await setup();
    const d = g.cut([g.user("gone")]);
    deleteConversation(g.store, g.conv.id);
    expect(why(g.boot())).toEqual(["conversation deleted"]);
    expect(getRun(g.store, d.id)!.status).toBe("interrupted");
    const n = await setup();
    n.cut([n.user("telegram says hi")], "telegram");
    expect(why(n.boot())).toEqual(["nobody reads telegram turns now"]);
  });
});
