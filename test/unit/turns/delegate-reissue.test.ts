// A delegate call re-issued after a restart (C-16, C-17): it finds the child its call id opened and reads
// the stored outcome instead of starting the task again; the spend travels on the result each time, and
// the loop adds it to the parent only with the one result it records.
import { describe, expect, test } from "bun:test";
import { listConversations } from "../../../src/store/conversations.ts";
import { crewDelegator } from "../../../src/turns/delegation.ts";
import { crewHarness } from "./crew-harness.ts";

describe("a re-issued delegate call", () => {
  test("finds its child and its answer; the task is not run twice", async () => {
    const h = crewHarness({ default: {}, coder: { plan: [{ text: "answer once", usage: { costUsd: 0.5 } }] } });
    const conv = h.conversation();
    const delegator = crewDelegator({ store: h.store, host: h.host, hub: h.rt.hub, crew: h.rt.crew });
    const signal = new AbortController().signal;
    const ctx = { workspace: "/tmp", agentId: "default", conversationId: conv.id, signal };
    const first = await delegator.run("coder", "do it", { ...ctx, callId: "call_A" });
    expect(delegator.refusal("coder", { ...ctx, callId: "call_A" })).toBeNull();
    const again = await delegator.run("coder", "do it", { ...ctx, callId: "call_A" });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ output: "answer once", relay: "answer once", spend: { usd: 0.5, unknownCalls: 0 } });
    expect(h.calls("coder")).toBe(1);
    expect(listConversations(h.store, { includeChildren: true }).filter((c) => c.parentId === conv.id)).toHaveLength(1);
  });
});
