// Canvas rights by channel (H-61, L-45, F-11), through real turns: a web turn writes and gets no Canvas
// section; Telegram and job turns write and their prompt ends with the Canvas section before the date line;
// an inbound turn, and a child delegated from it, are refused every write and told to answer in the message.
import { describe, expect, test } from "bun:test";
import { listCanvases } from "../../../src/store/canvases.ts";
import { openChild } from "../../../src/store/delegations.ts";
import { createRun } from "../../../src/store/runs.ts";
import { canvasChannel } from "../../../src/turns/canvas-channel.ts";
import { send } from "../../../src/turns/send.ts";
import { crewHarness } from "./crew-harness.ts";

const CREATE = { name: "artifact_create", args: { title: "Báo cáo", kind: "markdown", content: "# Tuần 1" } };
const plan = () => [{ toolCalls: [CREATE] }, { text: "xong" }];

/** Sends like a channel does: the turn carries the channel's source. */
async function ask(h: ReturnType<typeof crewHarness>, conversationId: string, source: string) {
  const out = send(h.host, h.store, { conversationId, text: "viết báo cáo", source });
  if (out.kind !== "started") throw new Error(`send: ${out.kind}`);
  return out.turn.done;
}

function lastTwoParts(system: string): string[] {
  return system.split("\n\n").slice(-2);
}

describe("canvas rights by channel", () => {
  test("a web turn creates a canvas; its prompt has no Canvas section", async () => {
    const h = crewHarness({ default: { plan: plan() } });
    const conv = h.conversation({ source: "chat" });
    await ask(h, conv.id, "chat");
    expect(listCanvases(h.store, conv.id).map((c) => c.title)).toEqual(["Báo cáo"]);
    expect(h.providers.get("default")!.requests[0]!.system).not.toContain("\nCanvas\n");
  });

  for (const source of ["telegram", "job:weekly"]) {
    test(`a ${source} turn creates a canvas; its prompt ends with the Canvas section, then the date`, async () => {
      const h = crewHarness({ default: { plan: plan() } });
      const conv = h.conversation({ source, channel: source === "telegram" ? "telegram:42" : "web" });
      await ask(h, conv.id, source);
      expect(listCanvases(h.store, conv.id)).toHaveLength(1);
      const [section, date] = lastTwoParts(h.providers.get("default")!.requests[0]!.system);
      expect(section).toStartWith("Canvas\n");
      expect(section).toContain("Create a canvas only when asked to, or when the document is long");
      expect(section).not.toMatch(/telegram|job/i);
      expect(date).toStartWith("Today is ");
    });
  }

  test("an inbound turn is refused every write and told to answer in the message", async () => {
    const h = crewHarness({ default: { plan: plan() } });
    const conv = h.conversation({ source: "api", channel: "api" });
    await ask(h, conv.id, "api");
    expect(listCanvases(h.store, conv.id)).toHaveLength(0);
    const tool = h.messages(conv.id).find((m) => m.role === "tool")!;
    expect(tool.content).toContain("canvases cannot be created or changed in this conversation");
    const [section] = lastTwoParts(h.providers.get("default")!.requests[0]!.system);
    expect(section).toStartWith("Canvas\nYou cannot create or change canvases here");
    expect(section).toContain("Answer directly in the message.");
  });

  test("an inbound message into a web conversation is still an inbound turn", async () => {
    const h = crewHarness({ default: { plan: plan() } });
    const conv = h.conversation({ source: "chat" });
    await ask(h, conv.id, "api");
    expect(listCanvases(h.store, conv.id)).toHaveLength(0);
  });

  test("a delegated child follows the turn that delegated it; unknown sources fail closed", () => {
    const h = crewHarness({ default: {} });
    const rooted = (runSource: string) => {
      const parent = h.conversation({ source: "chat" });
      createRun(h.store, { agentId: "default", source: runSource, conversationId: parent.id, afterSeq: 0 });
      return openChild(h.store, { agentId: "default", parentId: parent.id, channel: "web", task: "t", callId: "c1" });
    };
    const child = (runSource: string) => canvasChannel(h.store, rooted(runSource), `delegate:x`);
    expect(child("chat")).toBe("web");
    expect(child("telegram")).toBe("away");
    expect(child("job:weekly")).toBe("away");
    expect(child("api")).toBe("inbound");
    for (const source of ["memory:x", "openai", "relay"]) {
      expect(canvasChannel(h.store, h.conversation({ source: "chat" }), source)).toBe("inbound");
    }
  });
});
