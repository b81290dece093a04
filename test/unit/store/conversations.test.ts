import { describe, expect, test } from "bun:test";
import {
  addAutoApprove,
  addSpend,
  deleteConversation,
  getConversation,
  latestOnChannel,
  listConversations,
  renameConversation,
  setSummary,
  touchConversation,
  updateOptions,
} from "../../../src/store/conversations.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { enqueue, listQueue } from "../../../src/store/queue.ts";
import { applyWrites, loadValue } from "../../../src/store/script-store.ts";
import { createCanvas, getCanvas } from "../../../src/store/canvases.ts";
import { conversation, memStore } from "./helpers.ts";

describe("conversations", () => {
  test("create fills the documented defaults", () => {
    const store = memStore();
    const c = conversation(store, { title: "Hi" });
    expect(c).toMatchObject({
      agentId: "default",
      title: "Hi",
      channel: "web",
      source: "chat",
      spentUsd: 0,
      unknownCostCalls: 0,
      costCapUsd: 1,
      autonomous: false,
      autoApprove: [],
      approvalTtlSeconds: 600,
      skills: [],
      forkedFrom: null,
    });
    expect(c.updatedAt).toBe(c.createdAt);
    expect(getConversation(store, c.id)).toEqual(c);
  });

  test("only touchConversation moves updated_at; the list follows it", () => {
    const store = memStore();
    conversation(store, { id: "a" });
    conversation(store, { id: "b" });
    touchConversation(store, "a", "2030-01-01T00:00:00.000Z");
    touchConversation(store, "b", "2030-01-02T00:00:00.000Z");
    expect(listConversations(store).map((c) => c.id)).toEqual(["b", "a"]);
    renameConversation(store, "a", "Generated title");
    setSummary(store, "a", "summary");
    addSpend(store, "a", { usd: 0.25 });
    appendMessage(store, { conversationId: "a", role: "user", content: "x" });
    const after = getConversation(store, "a")!;
    expect(after).toMatchObject({ title: "Generated title", summary: "summary", spentUsd: 0.25 });
    expect(after.updatedAt).toBe("2030-01-01T00:00:00.000Z");
    expect(listConversations(store).map((c) => c.id)).toEqual(["b", "a"]);
  });

  test("addSpend counts unknown prices apart and tracks delegated spend", () => {
    const store = memStore();
    const c = conversation(store);
    addSpend(store, c.id, { usd: 0.1 });
    addSpend(store, c.id, { unknownCalls: 1 });
    addSpend(store, c.id, { usd: 0.3, delegated: true });
    const after = getConversation(store, c.id)!;
    expect(after.spentUsd).toBeCloseTo(0.4);
    expect(after.delegatedUsd).toBeCloseTo(0.3);
    expect(after.unknownCostCalls).toBe(1);
  });

  test("the list leaves delegated children out unless asked, and filters by agent", () => {
    const store = memStore();
    const parent = conversation(store, { id: "p" });
    conversation(store, { id: "child", agentId: "coach", parentId: parent.id, source: "delegate:p" });
    expect(listConversations(store).map((c) => c.id)).toEqual(["p"]);
    expect(listConversations(store, { includeChildren: true, agentId: "coach" }).map((c) => c.id)).toEqual(["child"]);
  });

  test("latestOnChannel finds the day's conversation for a channel", () => {
    const store = memStore();
    const c = conversation(store, { channel: "telegram:42" });
    expect(latestOnChannel(store, "telegram:42", "2000-01-01T00:00:00Z")?.id).toBe(c.id);
    expect(latestOnChannel(store, "telegram:42", "2999-01-01T00:00:00Z")).toBeNull();
    expect(latestOnChannel(store, "api", "2000-01-01T00:00:00Z")).toBeNull();
  });

  test("options update; auto_approve gains a tool once", () => {
    const store = memStore();
    const c = conversation(store);
    expect(updateOptions(store, c.id, { autonomous: true, costCapUsd: 0 })).toMatchObject({
      autonomous: true,
      costCapUsd: 0,
      skills: [],
    });
    addAutoApprove(store, c.id, "shell_run");
    addAutoApprove(store, c.id, "shell_run");
    addAutoApprove(store, c.id, "file_write");
    expect(getConversation(store, c.id)!.autoApprove).toEqual(["shell_run", "file_write"]);
    expect(updateOptions(store, c.id, { autoApprove: ["file_write"] })!.autoApprove).toEqual(["file_write"]);
    expect(updateOptions(store, "missing", { autonomous: false })).toBeNull();
  });

  test("delete removes the conversation, its queue, its conv: script store and its canvases", () => {
    const store = memStore();
    const c = conversation(store);
    const keep = conversation(store);
    appendMessage(store, { conversationId: c.id, role: "user", content: "x" });
    enqueue(store, { conversationId: c.id, kind: "follow_up", text: "q", source: "chat" });
    applyWrites(store, "default", `conv:${c.id}`, [{ key: "k", valueJson: "1" }]);
    applyWrites(store, "default", `conv:${keep.id}`, [{ key: "k", valueJson: "2" }]);
    applyWrites(store, "default", "job:daily", [{ key: "k", valueJson: "3" }]);
    const canvas = createCanvas(store, { conversationId: c.id, agentId: "default", title: "t", kind: "markdown", content: "#", author: "agent" });
    expect(deleteConversation(store, c.id)).toBe(true);
    expect(getConversation(store, c.id)).toBeNull();
    expect(listQueue(store, c.id)).toEqual([]);
    expect(loadValue(store, "default", `conv:${c.id}`, "k")).toBeNull();
    expect(loadValue(store, "default", `conv:${keep.id}`, "k")).toBe("2");
    expect(loadValue(store, "default", "job:daily", "k")).toBe("3");
    expect(getCanvas(store, canvas.id)).toBeNull();
    expect(store.db.query("SELECT count(*) AS n FROM messages").get()).toEqual({ n: 0 });
    expect(deleteConversation(store, c.id)).toBe(false);
  });

  test("deleting the origin only clears forked_from on its branches", () => {
    const store = memStore();
    const origin = conversation(store);
    const branch = conversation(store, { forkedFrom: origin.id });
    deleteConversation(store, origin.id);
    expect(getConversation(store, branch.id)?.forkedFrom).toBeNull();
  });

  test("JSON list columns refuse anything but an array", () => {
    const store = memStore();
    const c = conversation(store);
    expect(() => store.db.run("UPDATE conversations SET auto_approve = '{}' WHERE id = ?", [c.id])).toThrow(/CHECK/);
    expect(() => store.db.run("UPDATE conversations SET skills = 'nope' WHERE id = ?", [c.id])).toThrow(/CHECK/);
  });
});
