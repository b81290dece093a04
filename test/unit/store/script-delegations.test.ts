// H-38: a conversation's delegations are found through one lookup: children of its delegate calls and children
// whose call id starts with one of its tool_script call ids (`<id>:<n>`, H-37).
import { expect, test } from "bun:test";
import { createConversation } from "../../../src/store/conversations.ts";
import { openStore } from "../../../src/store/db.ts";
import { countChildren, findChild, openChild } from "../../../src/store/delegations.ts";
import { appendMessage } from "../../../src/store/messages.ts";

test("children of a tool_script call count with the delegate calls' and are found by their child call id", () => {
  const store = openStore(":memory:");
  const parent = createConversation(store, { agentId: "default", costCapUsd: 0 });
  const calls = [
    { id: "d1", name: "delegate", arguments: "{}" },
    { id: "s1", name: "tool_script", arguments: "{}" },
  ];
  appendMessage(store, { conversationId: parent.id, role: "assistant", content: "", toolCalls: calls });
  const child = (callId: string) =>
    openChild(store, { agentId: "w", costCapUsd: 0, parentId: parent.id, callId, task: "t" });
  child("d1");
  const first = child("s1:1");
  child("s1:2");
  // Neither a prefix without the colon nor a call the conversation never made counts.
  child("s10:1");
  child("x:1");
  expect(countChildren(store, parent.id, "delegate")).toBe(3);
  expect(findChild(store, parent.id, "s1:1")?.id).toBe(first.id);
});
