import { describe, expect, test } from "bun:test";
import { decideApproval, listPending } from "../../../src/store/approvals.ts";
import { getConversation, updateOptions } from "../../../src/store/conversations.ts";
import { harness, ran, route } from "./harness.ts";

const write = (path: string, id = `w-${path}`) => ({ toolCalls: [{ name: "write", args: { path }, id }] });

describe("approval gate", () => {
  test("a state-changing tool pauses the turn; approving continues the SAME run from the stored log", async () => {
    const h = harness();
    const r = route([write("a.txt", "c1"), { text: "Done writing." }]);
    const first = await h.turn([r], { user: "write it" });
    expect(first.status).toBe("approval_required");
    expect(h.types()).toEqual(["tool_call", "approval_required"]);
    const ask = h.of("approval_required")[0]!;
    expect(ask).toMatchObject({ tool: "write", tool_call_id: "c1", reason: null, summary: '{"path":"a.txt"}' });
    expect(Date.parse(ask.deadline_at) - Date.now()).toBeGreaterThan(590_000);
    expect(h.run().status).toBe("waiting");
    expect(ran).toEqual([]);
    const runId = h.run().id;

    decideApproval(h.store, ask.approval_id, { status: "approved" });
    const second = await h.turn([r], { continueRun: true });
    expect(second).toMatchObject({ status: "done", text: "Done writing.", runId });
    expect(ran).toEqual(["write:a.txt"]);
    expect(h.run()).toMatchObject({ id: runId, status: "done" });
  });

  test("deny and expiry answer the call without running it; the model continues", async () => {
    for (const status of ["denied", "expired"] as const) {
      const h = harness();
      const r = route([write("a.txt"), { text: "ok without it" }]);
      await h.turn([r], { user: "x" });
      decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status });
      const result = await h.turn([r], { continueRun: true });
      expect(result.status).toBe("done");
      expect(ran).toEqual([]);
      expect(h.of("tool_result")[0]!.status).toBe(status);
      expect(r.provider.requests[1]!.messages.at(-1)!.role).toBe("tool");
    }
  });

  test("'always' adds the tool to auto_approve: the next call runs without asking", async () => {
    const h = harness();
    const r = route([write("a"), write("b"), { text: "both" }]);
    await h.turn([r], { user: "x" });
    decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status: "approved", always: true });
    expect(getConversation(h.store, h.conv.id)!.autoApprove).toEqual(["write"]);
    const result = await h.turn([r], { continueRun: true });
    expect(result.status).toBe("done");
    expect(ran).toEqual(["write:a", "write:b"]);
    expect(h.of("approval_required").length).toBe(1);
  });

  test("an autonomous conversation (or agent) skips the pause", async () => {
    const h = harness({ autonomous: true });
    expect((await h.turn([route([write("a"), { text: "ok" }])], { user: "x" })).status).toBe("done");
    const h2 = harness();
    expect((await h2.turn([route([write("a"), { text: "ok" }])], { user: "x", agentAutonomous: true })).status).toBe("done");
    expect(ran).toEqual(["write:a"]);
  });

  test("ask_reason forces a pause before autonomy and auto_approve, with the reason verbatim", async () => {
    const h = harness({ autonomous: true });
    updateOptions(h.store, h.conv.id, { autoApprove: ["schedule"] });
    await h.turn([route([{ toolCalls: [{ name: "schedule", args: { prompt: "water plants" } }] }])], { user: "x" });
    expect(h.of("approval_required")[0]!.reason).toBe("Runs unattended: water plants");
    expect(ran).toEqual([]);
  });

  test("ask_reason fails closed: an empty reason or a throwing one still pauses", async () => {
    for (const prompt of ["empty", "throw"]) {
      const h = harness({ autonomous: true });
      const result = await h.turn([route([{ toolCalls: [{ name: "schedule", args: { prompt } }] }])], { user: "x" });
      expect(result.status).toBe("approval_required");
      expect(h.of("approval_required")[0]!.reason).toBe("");
      expect(listPending(h.store, h.conv.id).length).toBe(1);
    }
  });

  test("hard refusals never ask and can never be approved, even when autonomous", async () => {
    const h = harness({ autonomous: true });
    const result = await h.turn([route([{ toolCalls: [{ name: "escape", args: { path: "/etc/passwd" } }] }, { text: "refused" }])], { user: "x" });
    expect(result.status).toBe("done");
    expect(h.of("approval_required")).toEqual([]);
    expect(h.of("tool_result")[0]).toMatchObject({ status: "refused" });
    expect(h.of("tool_result")[0]!.output).toContain("outside the workspace");
    expect(ran).toEqual([]);
  });

  test("a question pauses like an approval; the answer becomes the tool result", async () => {
    const h = harness({ autonomous: true });
    const r = route([{ toolCalls: [{ name: "ask", args: { question: "Tea or coffee?", options: ["Tea", "Coffee"] } }] }, { text: "Tea it is" }]);
    expect((await h.turn([r], { user: "x" })).status).toBe("approval_required");
    const q = h.of("question")[0]!;
    expect(q).toMatchObject({ question: "Tea or coffee?", options: ["Tea", "Coffee"] });
    decideApproval(h.store, q.approval_id, { status: "answered", answer: "Tea" });
    expect((await h.turn([r], { continueRun: true })).status).toBe("done");
    expect(r.provider.requests[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: "Tea" });
  });

  test("calls after a paused one wait for the decision, then go through the gate in order", async () => {
    const h = harness();
    const r = route([{ toolCalls: [{ name: "write", args: { path: "a" }, id: "w1" }, { name: "lookup", args: { q: "b" }, id: "l1" }] }, { text: "fin" }]);
    await h.turn([r], { user: "x" });
    expect(ran).toEqual([]);
    decideApproval(h.store, h.of("approval_required")[0]!.approval_id, { status: "approved" });
    expect((await h.turn([r], { continueRun: true })).status).toBe("done");
    expect(ran).toEqual(["write:a", "lookup:b"]);
  });

  test("a continuation while the decision is still pending stays waiting and calls no model", async () => {
    const h = harness();
    const r = route([write("a"), { text: "never" }]);
    await h.turn([r], { user: "x" });
    expect((await h.turn([r], { continueRun: true })).status).toBe("approval_required");
    expect(r.provider.requests.length).toBe(1);
  });
});
