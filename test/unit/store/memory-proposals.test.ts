import { describe, expect, test } from "bun:test";
import { countPendingProposals, decideProposal, getProposal, listProposals, proposeMemory } from "../../../src/store/memory-proposals.ts";
import { memStore } from "./helpers.ts";

describe("memory proposals", () => {
  test("a proposal keeps the replaced text and is decided once", () => {
    const store = memStore();
    const p = proposeMemory(store, {
      agentId: "default",
      scope: "agent",
      path: "MEMORY.md",
      oldText: "old",
      newText: "new",
      source: "memory:consolidate",
    });
    expect(p).toMatchObject({ status: "pending", oldText: "old", newText: "new", decidedAt: null });
    expect(countPendingProposals(store)).toBe(1);
    expect(decideProposal(store, p.id, "accepted")).toMatchObject({ status: "accepted" });
    expect(decideProposal(store, p.id, "rejected")).toBeNull();
    expect(getProposal(store, p.id)!.status).toBe("accepted");
    expect(countPendingProposals(store)).toBe(0);
  });

  test("listing filters by status and agent, newest first", () => {
    const store = memStore();
    const a = proposeMemory(store, { agentId: "default", scope: "user", path: "users/owner/facts.md", newText: "a" });
    const b = proposeMemory(store, { agentId: "coach", scope: "agent", path: "MEMORY.md", newText: "b" });
    decideProposal(store, a.id, "rejected");
    expect(listProposals(store).map((p) => p.id)).toEqual([b.id, a.id]);
    expect(listProposals(store, { status: "pending" }).map((p) => p.id)).toEqual([b.id]);
    expect(listProposals(store, { agentId: "default" }).map((p) => p.id)).toEqual([a.id]);
  });
});
