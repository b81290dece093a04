// Every store write function moves the write counter that /api/stats caches by (E-05).
import { expect, test } from "bun:test";
import * as conv from "../../../src/store/conversations.ts";
import * as msg from "../../../src/store/messages.ts";
import * as queue from "../../../src/store/queue.ts";
import * as approvals from "../../../src/store/approvals.ts";
import * as runs from "../../../src/store/runs.ts";
import * as canvases from "../../../src/store/canvases.ts";
import * as scripts from "../../../src/store/script-store.ts";
import * as jobs from "../../../src/store/job-state.ts";
import * as schedules from "../../../src/store/schedules.ts";
import * as proposals from "../../../src/store/memory-proposals.ts";
import { recordRequest } from "../../../src/store/requests.ts";
import { recordSideCall } from "../../../src/store/side-calls.ts";
import { memStore } from "./helpers.ts";

test("each write function bumps the write counter; reads do not", () => {
  const store = memStore();
  const bumps = <T>(name: string, fn: () => T): T => {
    const before = store.writes();
    const out = fn();
    expect({ name, bumped: store.writes() > before }).toEqual({ name, bumped: true });
    return out;
  };
  const c = bumps("createConversation", () => conv.createConversation(store, { agentId: "default" }));
  const other = conv.createConversation(store, { agentId: "default" });
  bumps("touchConversation", () => conv.touchConversation(store, c.id));
  bumps("renameConversation", () => conv.renameConversation(store, c.id, "t"));
  bumps("setSummary", () => conv.setSummary(store, c.id, "s"));
  bumps("addSpend", () => conv.addSpend(store, c.id, { usd: 1 }));
  bumps("updateOptions", () => conv.updateOptions(store, c.id, { autonomous: true }));
  bumps("addAutoApprove", () => conv.addAutoApprove(store, c.id, "x"));
  const m = bumps("appendMessage", () => msg.appendMessage(store, { conversationId: c.id, role: "user", content: "hi" }));
  bumps("copyMessages", () => msg.copyMessages(store, c.id, other.id, 2));
  bumps("recordRequest", () => recordRequest(store, c.id, "r1", m.id));
  bumps("enqueue", () => queue.enqueue(store, { conversationId: c.id, kind: "follow_up", text: "q", source: "chat" }));
  bumps("moveToHistory", () => queue.moveToHistory(store, c.id, "follow_up"));
  queue.enqueue(store, { conversationId: c.id, kind: "steer", text: "s", source: "chat" });
  bumps("clearQueue", () => queue.clearQueue(store, c.id));
  const r = bumps("createRun", () => runs.createRun(store, { agentId: "default", source: "chat", conversationId: c.id }));
  bumps("addStep", () => runs.addStep(store, { runId: r.id, type: "model" }));
  bumps("addRunSpend", () => runs.addRunSpend(store, r.id, { usd: 1 }));
  bumps("setRunModel", () => runs.setRunModel(store, r.id, "m"));
  bumps("closeStaleRunning", () => runs.closeStaleRunning(store));
  bumps("reopenRun", () => runs.reopenRun(store, r.id));
  bumps("setRunStatus", () => runs.setRunStatus(store, r.id, "waiting"));
  bumps("closeOrphanedWaiting", () => runs.closeOrphanedWaiting(store));
  const a = bumps("createApproval", () =>
    approvals.createApproval(store, { conversationId: c.id, toolCallId: "t", tool: "x", ttlSeconds: 1 }),
  );
  bumps("decideApproval", () => approvals.decideApproval(store, a.id, { status: "denied" }));
  bumps("recordSideCall", () => recordSideCall(store, { purpose: "title" }));
  const cv = bumps("createCanvas", () =>
    canvases.createCanvas(store, { agentId: "default", title: "t", kind: "markdown", content: "x", author: "agent" }),
  );
  bumps("addVersion", () => canvases.addVersion(store, cv.id, { content: "y", author: "user" }));
  bumps("deleteCanvas", () => canvases.deleteCanvas(store, cv.id));
  bumps("applyWrites", () => scripts.applyWrites(store, "default", "job:x", [{ key: "k", valueJson: "1" }]));
  bumps("deleteNamespace", () => scripts.deleteNamespace(store, "job:x"));
  bumps("setPaused", () => jobs.setPaused(store, "a/b", true));
  bumps("markLastRun", () => jobs.markLastRun(store, "a/b", { at: "2030-01-01T00:00:00.000Z" }));
  bumps("recordFailure", () => jobs.recordFailure(store, "a/b"));
  bumps("markTold", () => jobs.markTold(store, "a/b"));
  bumps("closeStreak", () => jobs.closeStreak(store, "a/b"));
  bumps("forgetJob", () => jobs.forgetJob(store, "a/b"));
  bumps("deleteJobState", () => jobs.deleteJobState(store, "a/b"));
  const s = bumps("createSchedule", () => schedules.createSchedule(store, { agentId: "a", every: "1h", prompt: "p" }));
  bumps("deleteSchedule", () => schedules.deleteSchedule(store, s.id));
  const p = bumps("proposeMemory", () =>
    proposals.proposeMemory(store, { agentId: "a", scope: "agent", path: "MEMORY.md", newText: "n" }),
  );
  bumps("decideProposal", () => proposals.decideProposal(store, p.id, "accepted"));
  bumps("deleteConversation", () => conv.deleteConversation(store, c.id));

  const settled = store.writes();
  conv.listConversations(store);
  msg.listMessages(store, other.id);
  runs.listRuns(store);
  approvals.listPending(store);
  expect(store.writes()).toBe(settled);
});
