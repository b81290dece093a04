import { describe, expect, test } from "bun:test";
import { addSpend, getConversation } from "../../../src/store/conversations.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { harness, route } from "./harness.ts";

describe("costs", () => {
  test("the cap stops the turn BEFORE the next model call; 0 means no cap", async () => {
    const h = harness({ costCapUsd: 1 });
    addSpend(h.store, h.conv.id, { usd: 1 });
    const r = route([{ text: "never" }]);
    const result = await h.turn([r], { user: "x" });
    expect(result).toMatchObject({ status: "halted", haltReason: "budget", steps: 0 });
    expect(r.provider.requests.length).toBe(0);
    expect(h.types()).toEqual(["halted"]);
    const free = harness({ costCapUsd: 0 });
    addSpend(free.store, free.conv.id, { usd: 50 });
    expect((await free.turn([route([{ text: "ok" }])], { user: "x" })).status).toBe("done");
  });

  test("an unknown price is counted in unknown_cost_calls, never as $0", async () => {
    const h = harness();
    await h.turn([route([{ text: "a", usage: { inputTokens: 10, outputTokens: 2 } }], "scripted:mystery-model")], { user: "x" });
    expect(getConversation(h.store, h.conv.id)).toMatchObject({ spentUsd: 0, unknownCostCalls: 1 });
    expect(listMessages(h.store, h.conv.id)[1]!.costUsd).toBeNull();
    expect(h.run()).toMatchObject({ unknownCostCalls: 1, spentUsd: 0 });
  });

  test("free providers cost 0 by declaration; priced calls add up on the conversation and the run", async () => {
    const h = harness();
    await h.turn([route([{ text: "a" }], "ollama:llama3", true)], { user: "x" });
    expect(getConversation(h.store, h.conv.id)).toMatchObject({ spentUsd: 0, unknownCostCalls: 0 });
    const p = harness();
    await p.turn([route([{ toolCalls: [{ name: "lookup", args: { q: "a" } }], usage: { costUsd: 0.25 } }, { text: "b", usage: { costUsd: 0.5 } }])], { user: "x" });
    expect(getConversation(p.store, p.conv.id)!.spentUsd).toBeCloseTo(0.75);
    expect(p.run().spentUsd).toBeCloseTo(0.75);
  });

  test("a cap reached mid-turn halts before the following model call", async () => {
    const h = harness({ costCapUsd: 0.3 });
    const r = route([{ toolCalls: [{ name: "lookup", args: { q: "a" } }], usage: { costUsd: 0.2 } }, { toolCalls: [{ name: "lookup", args: { q: "b" } }], usage: { costUsd: 0.2 } }, { text: "never" }]);
    const result = await h.turn([r], { user: "x" });
    expect(result).toMatchObject({ status: "halted", haltReason: "budget", steps: 2 });
    expect(r.provider.requests.length).toBe(2);
  });
});

describe("ledger completeness", () => {
  test("a model call that produced nothing to store still reaches the ledger (side_calls, purpose chat)", async () => {
    const { harness: make, route: r } = await import("./harness.ts");
    const h = make();
    await h.turn([r([{ items: [{ kind: "usage", usage: { inputTokens: 5, outputTokens: 0, cachedTokens: 0, reasoningTokens: 0, costUsd: 0.003 } }, { kind: "end", reason: "stop" }] }])], { user: "x" });
    const rows = h.store.db.query("SELECT purpose, cost_usd AS cost FROM side_calls").all();
    expect(rows).toEqual([{ purpose: "chat", cost: 0.003 }]);
    expect(getConversation(h.store, h.conv.id)!.spentUsd).toBeCloseTo(0.003);
  });
});
