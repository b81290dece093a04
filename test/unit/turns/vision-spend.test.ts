// The host hands tools the agent's vision_routes: an image_read in a real turn reaches the vision
// route, leaves a ledger row (purpose image) tied to the run, and its cost is added to the conversation's
// and the run's spend like a completion (H-16).
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scriptedProvider } from "../../../src/llm/fake.ts";
import { getConversation } from "../../../src/store/conversations.ts";
import { listRuns } from "../../../src/store/runs.ts";
import { listSideCalls } from "../../../src/store/side-calls.ts";
import { encodePng } from "../../../src/tools/png.ts";
import { crewHarness } from "./crew-harness.ts";

describe("vision in a turn", () => {
  test("image_read's reading is a side call of the run, charged to the run and the conversation", async () => {
    const h = crewHarness({ default: { plan: [
      { toolCalls: [{ name: "image_read", args: { path: "inbox/cat.png", question: "What animal?" } }],
        usage: { costUsd: 0.01 } },
      { text: "It is a cat.", usage: { costUsd: 0.01 } },
    ] } });
    const agent = h.rt.crew().get("default")!;
    const vision = scriptedProvider([{ text: "A grey cat.", usage: { costUsd: 0.005 } }], "eyes");
    agent.visionRoutes = [{ label: "eyes:v", provider: vision, model: "v" }];
    const png = encodePng({ width: 1, height: 1, channels: 1, data: new Uint8Array([128]) });
    mkdirSync(join(agent.workspace, "inbox"), { recursive: true });
    writeFileSync(join(agent.workspace, "inbox", "cat.png"), png);
    const conv = h.conversation();
    await h.ask(conv.id, "Look at the photo");
    expect(vision.requests.length).toBe(1);
    const tool = h.messages(conv.id).find((m) => m.role === "tool");
    expect(tool?.content).toBe("A grey cat.");
    const run = listRuns(h.store, { conversationId: conv.id })[0]!;
    const rows = listSideCalls(h.store, "2000-01-01", "2999-01-01").filter((r) => r.purpose === "image");
    expect(rows.map((r) => [r.provider, r.model, r.costUsd, r.runId, r.conversationId])).toEqual([
      ["eyes", "v", 0.005, run.id, conv.id],
    ]);
    expect(getConversation(h.store, conv.id)!.spentUsd).toBeCloseTo(0.025, 6);
    expect(run.spentUsd).toBeCloseTo(0.025, 6);
  });
});
