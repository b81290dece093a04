// Every tool call gets a result on every cut (C-26, K-10): Stop, shutdown and delete while a tool runs,
// calls an earlier cut turn left open, a restart's classification (replay-safe or not), and a store
// whose status writes fail (a full disk) still ends with the run closed.
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { CUT } from "../../../src/agent/cut-calls.ts";
import type { TurnStore } from "../../../src/agent/turn-store.ts";
import { historyProblems } from "../../../src/llm/history.ts";
import { createApproval, decideApproval } from "../../../src/store/approvals.ts";
import { deleteConversation } from "../../../src/store/conversations.ts";
import { appendMessage, listMessages } from "../../../src/store/messages.ts";
import { closeStaleRunning, createRun, getRun, listSteps } from "../../../src/store/runs.ts";
import { defineTool } from "../../../src/tools/define.ts";
import { sqlTurnStore } from "../../../src/turns/sql-turn-store.ts";
import { toChat } from "../../../src/turns/model-view.ts";
import { harness, ran, route, testTools, type Harness } from "./harness.ts";

/** A state-changing tool that runs until the turn is cut; `started` resolves once it runs. */
function slowTool() {
  const started = Promise.withResolvers<void>();
  const tool = defineTool({
    name: "slow",
    description: "waits",
    params: z.object({}),
    requiresApproval: false,
    execute: (_a, ctx) => {
      started.resolve();
      return new Promise<string>((_, reject) => {
        ctx.signal.addEventListener("abort", () => reject(new Error("aborted")));
      });
    },
  });
  return { tool, started: started.promise };
}

/** Starts a turn whose model calls `slow` then `lookup`; `cut` runs while `slow` runs. */
async function cutMidTool(h: Harness, cut: (abort: AbortController) => void) {
  const { tool, started } = slowTool();
  const abort = new AbortController();
  const calls = [{ name: "slow", args: {}, id: "s1" }, { name: "lookup", args: { q: "x" }, id: "l1" }];
  const opts = { user: "go", tools: [...testTools, tool], signal: abort.signal };
  const turn = h.turn([route([{ toolCalls: calls }, { text: "never" }])], opts);
  await started;
  cut(abort);
  return turn;
}

/** A user message and the assistant's tool calls, as a process killed before any result left them. */
function cutHistory(h: Harness, calls: { id: string; name: string; args: unknown }[]) {
  const toolCalls = calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.args) }));
  appendMessage(h.store, { conversationId: h.conv.id, role: "user", content: "go" });
  appendMessage(h.store, { conversationId: h.conv.id, role: "assistant", content: "", toolCalls });
}

const results = (h: Harness) => h.of("tool_result").map((e) => [e.id, e.status, e.output]);
const valid = (h: Harness) => historyProblems(toChat(listMessages(h.store, h.conv.id)));

describe("cuts close every tool call", () => {
  test("Stop: the running call is cut while running, the next one never started; the run is cancelled", async () => {
    const h = harness();
    await cutMidTool(h, (a) => a.abort("stop"));
    expect(results(h)).toEqual([
      ["s1", "interrupted", CUT.whileRunning("stop")],
      ["l1", "interrupted", CUT.notStarted("stop")],
    ]);
    expect(ran).toEqual([]);
    expect(valid(h)).toEqual([]);
    expect(h.run().status).toBe("cancelled");
  });

  test("shutdown: the same results, and the run stays running for the next boot", async () => {
    const h = harness();
    await cutMidTool(h, (a) => a.abort("shutdown"));
    expect(results(h).map(([, , o]) => o)).toEqual([CUT.whileRunning("shutdown"), CUT.notStarted("shutdown")]);
    expect(valid(h)).toEqual([]);
    expect(h.run().status).toBe("running");
  });

  test("deleted conversation: the run's steps still show both calls closed", async () => {
    const h = harness();
    await cutMidTool(h, (a) => {
      deleteConversation(h.store, h.conv.id);
      a.abort("deleted");
    });
    const tools = listSteps(h.store, h.run().id).filter((s) => s.type === "tool");
    expect(tools.map((s) => [s.toolCallId, s.status])).toEqual([["s1", "interrupted"], ["l1", "interrupted"]]);
    expect(h.run().status).toBe("interrupted");
  });

  test("a call an earlier cut turn left open is closed before the next request, where the model sees it", async () => {
    const h = harness();
    cutHistory(h, [{ id: "A", name: "write", args: { path: "a" } }, { id: "B", name: "write", args: { path: "b" } }]);
    appendMessage(h.store, { conversationId: h.conv.id, role: "tool", content: "ok", toolCallId: "A", name: "write" });
    const r = route([{ text: "ok" }]);
    await h.turn([r], { user: "second" });
    const sent = r.provider.requests[0]!.messages;
    expect(sent.at(-1)).toMatchObject({ role: "tool", tool_call_id: "B", content: CUT.unknown });
    expect(ran).toEqual([]);
    expect(h.run().status).toBe("done");
  });
});

describe("resume after a killed process (C-26)", () => {
  test("an allowed state-changing call is closed as unknown, a replay-safe one runs again", async () => {
    const h = harness({ autonomous: true });
    cutHistory(h, [{ id: "w", name: "write", args: { path: "x" } }, { id: "l", name: "lookup", args: { q: "y" } }]);
    const result = await h.turn([route([{ text: "checked" }])], { resume: true });
    expect(result.status).toBe("done");
    expect(ran).toEqual(["lookup:y"]);
    expect(results(h)).toEqual([["w", "interrupted", CUT.unknown], ["l", "done", "found y"]]);
  });

  test("approved but cut: unknown whether it ran, so it is not run again; denied stays denied", async () => {
    const h = harness();
    cutHistory(h, [{ id: "a", name: "write", args: { path: "x" } }, { id: "d", name: "write", args: { path: "y" } }]);
    for (const [id, status] of [["a", "approved"], ["d", "denied"]] as const) {
      const ap = createApproval(h.store, { conversationId: h.conv.id, toolCallId: id, tool: "write", ttlSeconds: 60 });
      decideApproval(h.store, ap.id, { status });
    }
    await h.turn([route([{ text: "ok" }])], { resume: true });
    expect(ran).toEqual([]);
    expect(h.of("tool_result").map((e) => [e.id, e.status])).toEqual([["a", "interrupted"], ["d", "denied"]]);
  });

  test("a call that still needs a decision never ran: the resumed turn asks for it", async () => {
    const h = harness();
    cutHistory(h, [{ id: "w", name: "write", args: { path: "x" } }]);
    expect((await h.turn([route([])], { resume: true })).status).toBe("approval_required");
    expect(h.of("approval_required")[0]).toMatchObject({ tool_call_id: "w" });
  });
});

describe("a failing store still closes the run (a full disk)", () => {
  /** The real store, with its first `n` status writes throwing like SQLITE_FULL. */
  function failingFinish(inner: TurnStore, n: number): TurnStore {
    let left = n;
    const finish: TurnStore["finish"] = (end) => {
      if (left-- > 0) throw new Error("database or disk is full");
      inner.finish(end);
    };
    return { ...inner, runId: inner.runId, finish };
  }

  test("the status write is retried and the run ends closed", async () => {
    const h = harness();
    const logs: string[] = [];
    appendMessage(h.store, { conversationId: h.conv.id, role: "user", content: "hi" });
    const runId = createRun(h.store, { agentId: "default", source: "chat", conversationId: h.conv.id }).id;
    const store = failingFinish(sqlTurnStore(h.store, h.conv.id, runId), 2);
    const result = await h.turn([route([{ text: "hello" }])], { store, continueRun: true, log: (l) => logs.push(l) });
    expect(result.status).toBe("done");
    expect(getRun(h.store, runId)!.status).toBe("done");
    expect(logs.filter((l) => l.includes("retrying"))).toHaveLength(2);
  });

  test("a run the store never let close stays running, and the next boot closes it", async () => {
    const h = harness();
    appendMessage(h.store, { conversationId: h.conv.id, role: "user", content: "hi" });
    createRun(h.store, { id: "r1", agentId: "default", source: "chat", conversationId: h.conv.id });
    const store = failingFinish(sqlTurnStore(h.store, h.conv.id, "r1"), 99);
    await h.turn([route([{ text: "hello" }])], { store, continueRun: true });
    expect(getRun(h.store, "r1")!.status).toBe("running");
    expect(closeStaleRunning(h.store).map((r) => r.id)).toEqual(["r1"]);
    expect(getRun(h.store, "r1")).toMatchObject({ status: "interrupted" });
  }, 15_000);
});
