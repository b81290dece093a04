// Error boundaries on the chat screen (M-54): a thread that fails to render becomes an error card
// while the header, the composer and the activity column still render.
import { describe, expect, test } from "bun:test";
import { chatMain, type ChatData } from "../../../views/chat-page.ts";
import { T } from "../../../src/texts/vi.ts";

const assets = { url: (n: string) => `/assets/${n}`, get: () => undefined };
const conversation = { id: "c1", agentId: "default", title: "Thử", channel: "web", source: "chat", parentId: null, forkedFrom: null, summary: null, spentUsd: 0, delegatedUsd: 0, unknownCostCalls: 0, costCapUsd: 1, autonomous: false, autoApprove: [], approvalTtlSeconds: 600, skills: [], createdAt: "", updatedAt: "" };

function data(brokenThread: boolean): ChatData {
  const messages = brokenThread ? new Proxy([], { get: (t, k) => (k === "length" ? 1 : k === "filter" ? () => { throw new Error("bad row"); } : Reflect.get(t, k)) }) : [];
  return {
    conversation,
    thread: { messages: messages as never, runs: [], toolStatus: new Map(), agentName: "my-crew", agentId: "default" },
    pending: null,
    queued: [],
    running: false,
    runningRunId: null,
    activity: { conversationId: "c1", runs: [], maxSteps: 30, children: {} },
    header: { crew: [{ id: "default", name: "my-crew", description: "", mode: "chat", live: false }], skills: [] },
  };
}

describe("chat screen boundaries", () => {
  test("a failing thread renders an error card; the rest of the screen is intact", async () => {
    const logs: string[] = [];
    const html = (await chatMain(assets as never, data(true), (l) => logs.push(l))).toString();
    expect(html).toContain('id="thread"');
    expect(html).toContain(T.errorCardTitle);
    expect(html).toContain('id="composer"');
    expect(html).toContain('id="conv-activity"');
    expect(logs.join("\n")).toContain("bad row");
  });

  test("a healthy thread renders no error card", async () => {
    const html = (await chatMain(assets as never, data(false))).toString();
    expect(html).not.toContain(T.errorCardTitle);
  });
});
