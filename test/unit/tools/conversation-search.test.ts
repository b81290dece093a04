// conversation_search (G-11): the calling agent's past messages only, through the store's search
// (agentSearch binds the agent); read-only, never asks, replay-safe; a clear line when nothing matches.
import { describe, expect, test } from "bun:test";
import { appendMessage } from "../../../src/store/messages.ts";
import { agentSearch } from "../../../src/store/search.ts";
import { builtinTools } from "../../../src/tools/builtin.ts";
import { conversationSearch } from "../../../src/tools/conversation-search.ts";
import { parseToolArgs, type ToolContext } from "../../../src/tools/define.ts";
import { conversation, memStore } from "../store/helpers.ts";

function crew() {
  const store = memStore();
  const mine = conversation(store, { agentId: "coach", title: "Kế hoạch tập" });
  const other = conversation(store, { agentId: "default", title: "Việc nhà" });
  appendMessage(store, { conversationId: mine.id, role: "user", content: "Tuần này đọc xong cuốn sách chạy bộ" });
  appendMessage(store, { conversationId: other.id, role: "user", content: "Tôi đọc sách nấu ăn" });
  return { store, mine, other };
}

const ctxFor = (search?: ToolContext["pastMessages"]): ToolContext =>
  ({ workspace: "/tmp", signal: new AbortController().signal, agentId: "coach", conversationId: null, pastMessages: search });

describe("conversation_search", () => {
  test("is a built-in that never asks and may run again", () => {
    expect(builtinTools().map((t) => t.name)).toContain("conversation_search");
    expect(conversationSearch.requiresApproval).toBe(false);
    expect(conversationSearch.replaySafe).toBe(true);
  });

  test("finds only the calling agent's messages, named by conversation, role and time, words bracketed", async () => {
    const { store, mine } = crew();
    const out = await conversationSearch.execute({ query: "doc sach" }, ctxFor(agentSearch(store, "coach")));
    expect(out).toStartWith('Past messages matching "doc sach", best first:\n\n1. "Kế hoạch tập" ');
    expect(out).toContain(`(conversation ${mine.id}, message 1), user, `);
    expect(out).toContain("Tuần này [đọc] xong cuốn [sách] chạy bộ");
    expect(out).not.toContain("nấu ăn");
    // The other agent's conversation is found by its own agent only.
    const theirs = await conversationSearch.execute({ query: "nau an" }, ctxFor(agentSearch(store, "coach")));
    expect(theirs).toBe('No past messages match "nau an". Try fewer or other words.');
    expect(await conversationSearch.execute({ query: "nau an" }, ctxFor(agentSearch(store, "default"))))
      .toContain("Tôi đọc sách [nấu] [ăn]");
  });

  test("limit caps the hits; a turn without the search is told so", async () => {
    const { store, mine } = crew();
    for (let i = 0; i < 4; i++) appendMessage(store, { conversationId: mine.id, role: "assistant", content: `đọc ${i}` });
    const out = await conversationSearch.execute({ query: "doc", limit: 2 }, ctxFor(agentSearch(store, "coach")));
    expect(out.match(/^\d+\. /gm)).toEqual(["1. ", "2. "]);
    await expect(conversationSearch.execute({ query: "doc" }, ctxFor())).rejects.toThrow(/not available in this turn/);
  });

  test("arguments: a query is required (1…500 characters), limit 1…20", () => {
    expect(parseToolArgs(conversationSearch, "{}").ok).toBe(false);
    expect(parseToolArgs(conversationSearch, JSON.stringify({ query: "  " })).ok).toBe(false);
    expect(parseToolArgs(conversationSearch, JSON.stringify({ query: "x".repeat(501) })).ok).toBe(false);
    expect(parseToolArgs(conversationSearch, JSON.stringify({ query: "x", limit: 21 })).ok).toBe(false);
    expect(parseToolArgs(conversationSearch, JSON.stringify({ query: "x", limit: 20 })).ok).toBe(true);
  });
});
