// The run export of a delegating run (J-13, J-15) carries the child's transcript: the child run's source
// is exactly `delegate:<conversation of the exported run>` and it ran while the exported run did.
import { describe, expect, test } from "bun:test";
import { exportRun } from "../../../src/export/run-export.ts";
import { listRuns } from "../../../src/store/runs.ts";
import { crewHarness, delegateTo } from "./crew-harness.ts";

describe("export of a delegating run", () => {
  test("includes the child's conversation, agent and messages", async () => {
    const h = crewHarness({
      default: { plan: [delegateTo("coder", "Count to three")] },
      coder: { plan: [{ text: "1 2 3" }] },
    });
    const conv = h.conversation();
    await h.ask(conv.id, "go");
    const out = exportRun(h.store, listRuns(h.store, { conversationId: conv.id })[0]!.id)!;
    expect(out.children).toHaveLength(1);
    const [child] = out.children;
    expect(child!.agent_id).toBe("coder");
    expect(child!.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(child!.messages[0]!.content.startsWith("Count to three")).toBe(true);
    expect(child!.messages[1]!.content).toBe("1 2 3");
  });
});
