// delegate (F-08…F-12): one turn of the child agent in a hidden child conversation, its answer relayed to
// the owner without another model call when the master's turn was only that call; depth 1; the limit of
// eight counted from the history; refusals that start nothing.
import { describe, expect, test } from "bun:test";
import { computeStats } from "../../../src/ledger/stats.ts";
import { historyProblems } from "../../../src/llm/history.ts";
import type { ChatMessage } from "../../../src/llm/types.ts";
import { getConversation, listConversations } from "../../../src/store/conversations.ts";
import { copyMessages } from "../../../src/store/messages.ts";
import { getRun, listRuns, listSteps } from "../../../src/store/runs.ts";
import { runWithSteps } from "../../../src/turns/json.ts";
import { toChat } from "../../../src/turns/model-view.ts";
import { invalidHistory } from "../../helpers/strict-provider.ts";
import { crewHarness, delegateTo } from "./crew-harness.ts";

type H = ReturnType<typeof crewHarness>;
const children = (h: H, parentId: string) =>
  listConversations(h.store, { includeChildren: true }).filter((c) => c.parentId === parentId);
const toolSteps = (h: H, conversationId: string) =>
  listSteps(h.store, listRuns(h.store, { conversationId })[0]!.id).filter((s) => s.type === "tool");
/** The history in the OpenAI wire shape the strict provider checks. */
const wire = (history: ChatMessage[]) =>
  history.map((m) => ({
    role: m.role,
    content: m.content,
    tool_calls: m.role === "assistant" ? m.tool_calls?.map((c) => ({ id: c.id, function: c })) : undefined,
    tool_call_id: m.role === "tool" ? m.tool_call_id : undefined,
  }));

describe("delegate", () => {
  test("the child runs one turn in a hidden conversation; its answer is relayed with no extra model call", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "Write the plan", "d1")] },
      coder: { profile: { name: "Coder" }, plan: [{ text: "The plan: step one." }] },
    });
    const conv = h.conversation({ approvalTtlSeconds: 1234, channel: "telegram:42" });
    const result = await h.ask(conv.id, "Make me a plan");

    expect(result.status).toBe("done");
    expect(result.text).toBe("The plan: step one.");
    expect(h.calls("default")).toBe(1);
    expect(h.calls("coder")).toBe(1);
    const [child] = children(h, conv.id);
    expect(child).toMatchObject({ agentId: "coder", source: `delegate:${conv.id}`, approvalTtlSeconds: 1234 });
    expect(child!.channel).toBe("telegram:42");
    expect(listConversations(h.store).map((c) => c.id)).toEqual([conv.id]);
    expect(getConversation(h.store, child!.id)).not.toBeNull();
    // The child's run is its own, under its own agent, and the activity hub saw it.
    const childRun = listRuns(h.store, { conversationId: child!.id })[0]!;
    expect(childRun).toMatchObject({ agentId: "coder", source: `delegate:${conv.id}`, status: "done" });
    expect(h.signals.some((s) => s.type === "run" && s.id === childRun.id)).toBe(true);
    // The parent's history stays valid for a strict provider: the call has its result, the answer follows.
    const history = toChat(h.messages(conv.id));
    expect(history.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(history.at(-1)!.content).toBe("The plan: step one.");
    expect(historyProblems(history)).toEqual([]);
    expect(invalidHistory(wire(history))).toBeNull();
    // The run card can open the child: the delegate step names it.
    const parentRun = runWithSteps(h.store, listRuns(h.store, { conversationId: conv.id })[0]!);
    expect(parentRun.steps.find((s) => s.name === "delegate")).toMatchObject({ child_conversation_id: child!.id });
  });

  test("no relay when the turn had more than the delegate call: the model answers once more", async () => {
    const h = crewHarness({
      default: {
        plan: [
          {
            toolCalls: [
              { name: "progress_note", args: { text: "asking" } },
              { name: "delegate", args: { agent: "coder", task: "t" } },
            ],
          },
          { text: "Coder says it is done." },
        ],
      },
      coder: { plan: [{ text: "done it" }] },
    });
    const conv = h.conversation();
    const result = await h.ask(conv.id, "go");
    expect(result.text).toBe("Coder says it is done.");
    expect(h.calls("default")).toBe(2);
    const told = h.providers.get("default")!.requests[1]!.messages.at(-1);
    expect(told).toMatchObject({ role: "tool", content: "done it" });
  });

  test("no relay when the child says it is blocked: the master reads why and answers itself", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "t"), { text: "The coder is blocked on access." }] },
      coder: { plan: [{ text: "I lack access to the repo.\nStatus: blocked" }] },
    });
    const conv = h.conversation();
    const result = await h.ask(conv.id, "go");
    expect(result.text).toBe("The coder is blocked on access.");
    expect(h.calls("default")).toBe(2);
    const told = h.providers.get("default")!.requests[1]!.messages.at(-1)!.content;
    expect(told).toContain('did not finish the task: it reported "Status: blocked"');
    expect(told).toContain("I lack access to the repo.");
  });

  test("a `Status: done` line is dropped from the relayed answer", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "t")] },
      coder: { plan: [{ text: "All fixed.\n\nStatus: done" }] },
    });
    const result = await h.ask(h.conversation().id, "go");
    expect(result.text).toBe("All fixed.");
    expect(h.calls("default")).toBe(1);
  });

  test("depth 1: a delegated child has no delegate tool, and a call to it is answered as unknown", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "t"), { text: "ok" }] },
      coder: { profile: { mode: "work" }, plan: [delegateTo("default", "back to you"), { text: "did it myself" }] },
      advisor: {},
    });
    const conv = h.conversation();
    await h.ask(conv.id, "go");
    const coder = h.providers.get("coder")!;
    expect(coder.requests[0]!.tools.map((t) => t.name)).not.toContain("delegate");
    const [child] = children(h, conv.id);
    expect(children(h, child!.id)).toEqual([]);
    const step = toolSteps(h, child!.id)[0];
    expect(step).toMatchObject({ name: "delegate", status: "error" });
    expect(step!.result).toContain('Unknown tool "delegate"');
  });

  test("an unknown agent or the agent itself is refused plainly, and nothing starts", async () => {
    const h = crewHarness({
      default: {
        plan: [
          { toolCalls: [{ name: "delegate", args: { agent: "ghost", task: "t" } }] },
          { toolCalls: [{ name: "delegate", args: { agent: "default", task: "t" } }] },
          { text: "ok" },
        ],
      },
      coder: {},
    });
    const conv = h.conversation();
    await h.ask(conv.id, "go");
    const steps = toolSteps(h, conv.id);
    expect(steps.map((s) => s.status)).toEqual(["refused", "refused"]);
    expect(steps[0]!.result).toContain('no crew member "ghost" you can delegate to. You can delegate to: coder.');
    expect(steps[1]!.result).toContain("you cannot delegate to yourself");
    expect(children(h, conv.id)).toEqual([]);
    expect(listRuns(h.store).filter((r) => r.agentId !== "default")).toEqual([]);
  });

  test("at most eight per conversation, counted from its history, so a fork counts its origin's", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: "delegate", args: { agent: "coder", task: `t${i}` } }));
    const h = crewHarness({
      default: { plan: [{ toolCalls: nine }, { text: "eight done" }, delegateTo("coder", "one more"), { text: "ok" }] },
      coder: { plan: Array.from({ length: 9 }, (_, i) => ({ text: `answer ${i}` })) },
    });
    const origin = h.conversation();
    await h.ask(origin.id, "go");
    expect(children(h, origin.id)).toHaveLength(8);
    const steps = toolSteps(h, origin.id);
    expect(steps.map((s) => s.status)).toEqual([...Array(8).fill("done"), "refused"]);
    expect(steps[8]!.result).toContain("already delegated 8 tasks");
    expect(h.calls("coder")).toBe(8);

    const fork = h.conversation({ forkedFrom: origin.id });
    copyMessages(h.store, origin.id, fork.id, Number.MAX_SAFE_INTEGER);
    await h.ask(fork.id, "and one more");
    expect(children(h, fork.id)).toEqual([]);
    const forkStep = toolSteps(h, fork.id)[0];
    expect(forkStep).toMatchObject({ name: "delegate", status: "refused" });
    expect(forkStep!.result).toContain("already delegated 8 tasks");
    expect(h.calls("coder")).toBe(8);
  });

  test("the child's spend is charged to the parent exactly once", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "t"), { text: "sum" }].map((r) => ({ ...r, usage: { costUsd: 0.01 } })) },
      coder: { plan: [{ text: "x\nStatus: partial", usage: { costUsd: 0.25 } }] },
    });
    const conv = h.conversation({ costCapUsd: 5 });
    await h.ask(conv.id, "go");
    const parent = getConversation(h.store, conv.id)!;
    expect(parent.spentUsd).toBeCloseTo(0.27, 9);
    expect(parent.delegatedUsd).toBeCloseTo(0.25, 9);
    const [child] = children(h, conv.id);
    expect(child!.spentUsd).toBeCloseTo(0.25, 9);
    // The child's cap is what the parent had left when it delegated: the parent pays.
    expect(child!.costCapUsd).toBeCloseTo(4.99, 9);
    const parentRun = getRun(h.store, listRuns(h.store, { conversationId: conv.id })[0]!.id)!;
    expect(parentRun.spentUsd).toBeCloseTo(0.02, 9);
    // The ledger counts each model call once, where it was made (E-04).
    const stats = computeStats(h.store, "UTC");
    expect(stats.totals.cost_usd).toBeCloseTo(0.27, 9);
    expect(stats.totals.calls).toBe(3);
    const byAgent = stats.agents.map((a) => [a.agent_id, a.cost_usd]);
    expect(byAgent).toEqual([["coder", 0.25], ["default", 0.02]]);
  });
});
