// Approvals inside a delegated child (F-05, F-09, D-*): the child's turn pauses like any turn — its run
// waits, its request is listed with the others and decided by the same command — while the master's call
// waits for it; work mode's autonomy skips ordinary approvals but an always-ask tool still asks. A Stop on
// the master reaches its child.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { listPending } from "../../../src/store/approvals.ts";
import { getConversation } from "../../../src/store/conversations.ts";
import { getRun, listRuns } from "../../../src/store/runs.ts";
import { decide, remove } from "../../../src/turns/commands.ts";
import { crewHarness, delegateTo } from "./crew-harness.ts";

type H = ReturnType<typeof crewHarness>;

/** Resolves with the first run that goes to `waiting` (listened to before the turn starts), once its
 * turn has settled, so each test decides on an idle conversation (decide-race.test.ts covers the other). */
async function firstWaiting(h: H): Promise<string> {
  const id = await new Promise<string>((resolve) => {
    const stop = h.rt.hub.listen((s) => {
      if (s.type === "run" && s.status === "waiting") {
        stop();
        resolve(s.id);
      }
    });
  });
  await h.host.running(getRun(h.store, id)!.conversationId!)?.done;
  return id;
}

describe("approvals in a delegated child", () => {
  test("work mode runs file_write unasked, but sudo still asks; a denial lets the child finish", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "clean up")] },
      coder: {
        profile: { mode: "work" },
        plan: [
          { toolCalls: [{ name: "file_write", args: { path: "notes.txt", content: "x" } }] },
          { toolCalls: [{ name: "shell_run", args: { command: "sudo rm -rf /tmp/nothing-here" } }] },
          { text: "Cleaned up without sudo." },
        ],
      },
    });
    const conv = h.conversation();
    const waiting = firstWaiting(h);
    const done = h.ask(conv.id, "clean up please");
    const childRunId = await waiting;
    const childRun = getRun(h.store, childRunId)!;
    expect(childRun.agentId).toBe("coder");
    expect(existsSync(join(h.rt.crew().get("coder")!.workspace, "notes.txt"))).toBe(true);
    const [pending] = listPending(h.store);
    expect(pending).toMatchObject({ conversationId: childRun.conversationId, tool: "shell_run", kind: "approval" });
    expect(pending!.reason).toBeTruthy();
    expect(listRuns(h.store, { conversationId: conv.id })[0]!.status).toBe("running");

    const out = decide({ store: h.store, host: h.host, hub: h.rt.hub }, pending!.id, { decision: "deny" });
    expect(out.kind).toBe("decided");
    const result = await done;
    expect(result).toMatchObject({ status: "done", text: "Cleaned up without sudo." });
    expect(getRun(h.store, childRunId)!.status).toBe("done");
    expect(h.calls("default")).toBe(1);
  });

  test("a chat-mode child asks before file_write; an approval continues the same child run", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("helper", "write it"), { text: "unused" }] },
      helper: {
        profile: { tools: ["file_write"] },
        plan: [{ toolCalls: [{ name: "file_write", args: { path: "a.txt", content: "hi" } }] }, { text: "Written." }],
      },
    });
    const conv = h.conversation();
    const waiting = firstWaiting(h);
    const done = h.ask(conv.id, "go");
    const childRunId = await waiting;
    const [pending] = listPending(h.store);
    expect(pending).toMatchObject({ tool: "file_write", runId: childRunId });
    decide({ store: h.store, host: h.host, hub: h.rt.hub }, pending!.id, { decision: "approve" });
    expect((await done).text).toBe("Written.");
    expect(existsSync(join(h.rt.crew().get("helper")!.workspace, "a.txt"))).toBe(true);
    expect(listRuns(h.store, { conversationId: getRun(h.store, childRunId)!.conversationId! })).toHaveLength(1);
  });

  test("Stop on the master stops its child too, and what the child spent is charged to the master", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "long job")] },
      coder: {
        profile: { mode: "work" },
        plan: [{ toolCalls: [{ name: "shell_run", args: { command: "sleep 30" } }], usage: { costUsd: 0.1 } }],
      },
    });
    const conv = h.conversation();
    const sleeping = new Promise<void>((resolve) => {
      const stop = h.rt.hub.listen((s) => {
        if (s.type === "event" && s.event.type === "tool_call" && s.event.name === "shell_run") {
          stop();
          resolve();
        }
      });
    });
    const done = h.ask(conv.id, "go");
    await sleeping;
    h.host.stop(conv.id);
    await done;
    const [parentRun] = listRuns(h.store, { conversationId: conv.id });
    const childRun = listRuns(h.store).find((r) => r.agentId === "coder")!;
    expect(parentRun!.status).toBe("cancelled");
    expect(childRun.status).toBe("cancelled");
    expect(getConversation(h.store, conv.id)).toMatchObject({ spentUsd: 0.1, delegatedUsd: 0.1 });
  });

  test("deleting a child that waits for approval ends the master's wait with a result saying so", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("helper", "write it"), { text: "The helper's work was deleted." }] },
      helper: {
        profile: { tools: ["file_write"] },
        plan: [{ toolCalls: [{ name: "file_write", args: { path: "b", content: "" } }] }],
      },
    });
    const conv = h.conversation();
    const waiting = firstWaiting(h);
    const done = h.ask(conv.id, "go");
    const childId = getRun(h.store, await waiting)!.conversationId!;
    expect(remove({ store: h.store, host: h.host, hub: h.rt.hub }, childId)).toBe(true);
    expect((await done).text).toBe("The helper's work was deleted.");
    const told = h.providers.get("default")!.requests[1]!.messages.at(-1)!.content;
    expect(told).toContain("did not finish the task: its run ended interrupted");
  });
});
