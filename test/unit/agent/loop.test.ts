import { describe, expect, test } from "bun:test";
import { getConversation } from "../../../src/store/conversations.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { listSteps } from "../../../src/store/runs.ts";
import { enqueue } from "../../../src/store/queue.ts";
import { harness, ran, route } from "./harness.ts";

describe("agent loop: answers, tools, stops", () => {
  test("a text answer streams as text_delta, is stored with provider/model/cost/tokens, and ends done", async () => {
    const h = harness();
    const r = route([{ text: ["Xin ", "chào"], usage: { inputTokens: 100, outputTokens: 20, cachedTokens: 40, reasoningTokens: 7, costUsd: 0.0123 } }]);
    const result = await h.turn([r], { user: "hi" });
    expect(result).toMatchObject({ status: "done", text: "Xin chào", steps: 1 });
    expect(h.types()).toEqual(["text_delta", "text_delta", "done"]);
    const [, answer] = listMessages(h.store, h.conv.id);
    expect(answer).toMatchObject({ role: "assistant", content: "Xin chào", provider: "scripted", model: "model-a", costUsd: 0.0123, inputTokens: 100, outputTokens: 20, cachedTokens: 40, reasoningTokens: 7 });
    expect(getConversation(h.store, h.conv.id)).toMatchObject({ spentUsd: 0.0123, unknownCostCalls: 0 });
    expect(h.run()).toMatchObject({ status: "done", spentUsd: 0.0123 });
    expect(r.provider.requests[0]!.messages).toEqual([{ role: "user", content: "hi" }]);
    expect(r.provider.requests[0]!.system).toBe("You are a test.");
  });

  test("a tool call runs, its result goes back to the model, and the final answer follows", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "lookup", args: { q: "tea" }, id: "c1" }] }, { text: "Tea found." }]);
    const result = await h.turn([r], { user: "find tea" });
    expect(result.status).toBe("done");
    expect(ran).toEqual(["lookup:tea"]);
    expect(h.types()).toEqual(["tool_call", "tool_result", "text_delta", "done"]);
    expect(h.of("tool_result")[0]).toMatchObject({ id: "c1", status: "done", output: "found tea" });
    const second = r.provider.requests[1]!.messages;
    expect(second[1]).toEqual({ role: "assistant", content: "", tool_calls: [{ id: "c1", name: "lookup", arguments: '{"q":"tea"}' }] });
    expect(second[2]).toEqual({ role: "tool", content: "found tea", tool_call_id: "c1", name: "lookup" });
    expect(r.provider.requests[0]!.tools.map((t) => t.name)).toContain("lookup");
    expect(listSteps(h.store, h.run().id).map((s) => s.type)).toEqual(["model", "tool", "model"]);
  });

  test("invalid arguments and unknown tools become results telling the model how to fix the call", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "lookup", args: { query: 1 } }, { name: "nope", args: {} }, { name: "lookup", args: "{broken" }] }, { text: "ok" }]);
    await h.turn([r], { user: "x" });
    const results = h.of("tool_result");
    expect(results.map((e) => e.status)).toEqual(["error", "error", "error"]);
    expect(results[0]!.output).toContain("Invalid arguments for lookup");
    expect(results[0]!.output).toContain("q:");
    expect(results[1]!.output).toContain('Unknown tool "nope"');
    expect(results[1]!.output).toContain("lookup");
    expect(results[2]!.output).toContain("not valid JSON");
    expect(ran).toEqual([]);
  });

  test("a tool that throws gives an error result and the turn goes on", async () => {
    const h = harness();
    await h.turn([route([{ toolCalls: [{ name: "boom", args: {} }] }, { text: "sorry" }])], { user: "x" });
    expect(h.of("tool_result")[0]).toMatchObject({ status: "error", output: "Error: disk on fire" });
    expect(h.run().status).toBe("done");
  });

  test("max_steps halts before the next model call", async () => {
    const h = harness();
    const plan = Array.from({ length: 5 }, (_, i) => ({ toolCalls: [{ name: "lookup", args: { q: `n${i}` } }] }));
    const r = route(plan);
    const result = await h.turn([r], { user: "go", limits: { maxSteps: 3, toolOutputChars: 12000 } });
    expect(result).toMatchObject({ status: "halted", haltReason: "max_steps", steps: 3 });
    expect(r.provider.requests.length).toBe(3);
    expect(h.run()).toMatchObject({ status: "halted", haltReason: "max_steps" });
    expect(h.types().at(-1)).toBe("halted");
  });

  test("the loop detector halts on the same call with the same arguments 3 times in a row", async () => {
    const h = harness();
    const same = { toolCalls: [{ name: "lookup", args: { q: "a" } }] };
    const spaced = { toolCalls: [{ name: "lookup", args: '{ "q" : "a" }' }] };
    const r = route([same, spaced, same, { text: "never" }]);
    const result = await h.turn([r], { user: "go" });
    expect(result).toMatchObject({ status: "halted", haltReason: "loop" });
    expect(ran).toEqual(["lookup:a", "lookup:a"]);
    expect(h.of("tool_result").at(-1)!.status).toBe("refused");
    expect(listMessages(h.store, h.conv.id).at(-1)!.role).toBe("tool");
  });

  test("different arguments are not a loop", async () => {
    const h = harness();
    const r = route([1, 2, 3, 4].map((i) => ({ toolCalls: [{ name: "lookup", args: { q: `q${i}` } }] })).concat([{ text: "done" } as never]));
    expect((await h.turn([r], { user: "go" })).status).toBe("done");
  });

  test("thinking is one event per model call and never stored; reasoning_tokens is", async () => {
    const h = harness();
    const r = route([{ items: [{ kind: "thinking", text: "hmm" }, { kind: "thinking", text: "secret plan" }, { kind: "text", text: "ok" }, { kind: "usage", usage: { inputTokens: 1, outputTokens: 9, cachedTokens: 0, reasoningTokens: 8, costUsd: 0 } }, { kind: "end", reason: "stop" }] }]);
    await h.turn([r], { user: "think" });
    expect(h.types()).toEqual(["thinking", "text_delta", "done"]);
    const stored = JSON.stringify(listMessages(h.store, h.conv.id));
    expect(stored).not.toContain("secret plan");
    expect(listMessages(h.store, h.conv.id)[1]!.reasoningTokens).toBe(8);
  });

  test("a steer waiting in the queue is taken before the next model call, stored and announced", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "lookup", args: { q: "a" } }] }, { text: "adjusted" }]);
    const original = r.provider.stream.bind(r.provider);
    let calls = 0;
    r.provider.stream = (req) => {
      if (calls++ === 0) enqueue(h.store, { conversationId: h.conv.id, kind: "steer", text: "use metric units", source: "chat" });
      return original(req);
    };
    await h.turn([r], { user: "go" });
    expect(h.of("steer")).toEqual([{ type: "steer", text: "use metric units" }]);
    expect(r.provider.requests[1]!.messages.at(-1)).toEqual({ role: "user", content: "use metric units" });
    expect(listSteps(h.store, h.run().id).map((s) => s.type)).toEqual(["model", "tool", "steer", "model"]);
  });

  test("Stop (abort) mid-stream closes the run as cancelled and records the partial answer", async () => {
    const h = harness();
    const ac = new AbortController();
    const r = route([]);
    r.provider.stream = async function* () {
      yield { kind: "text", text: "partial " };
      ac.abort();
      yield { kind: "error", error: { kind: "aborted", message: "stopped", transient: false } };
    };
    const result = await h.turn([r], { user: "go", signal: ac.signal });
    expect(result.status).toBe("error");
    expect(h.run().status).toBe("cancelled");
    expect(listMessages(h.store, h.conv.id).at(-1)).toMatchObject({ role: "assistant", content: "partial ", costUsd: null });
  });
});
