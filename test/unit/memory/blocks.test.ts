// Per-turn memory blocks (G-05, G-08, G-09, G-10): what a new opening message carries — the notes of yesterday
// and today not shown yet, never the conversation's own saved notes, the previous channel conversation once.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { composeBlock, openingBlock, type AgentMemory } from "../../../src/memory/blocks.ts";
import { modelView } from "../../../src/turns/model-view.ts";
import { MemoryFiles, noteFile } from "../../../src/memory/files.ts";
import { createConversation, setSummary } from "../../../src/store/conversations.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { sqlTurnStore } from "../../../src/turns/sql-turn-store.ts";

const ZONE = "Asia/Ho_Chi_Minh";
// 08:00 on 2 March in Ho Chi Minh City: "today" is 2026-03-02, "yesterday" 2026-03-01.
const NOW = new Date("2026-03-02T01:00:00Z");

let root: string;
let store: Store;
let mem: AgentMemory;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mem-blocks-"));
  store = openStore(":memory:");
  mem = { files: new MemoryFiles(root), agentId: "coach", timezone: ZONE };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const note = (scope: "user" | "agent", date: string, line: string) => mem.files.append(noteFile(scope, "coach", date), line);
/** Stores an opening message with the block it would get now, as send.ts does. */
const open = (conversationId: string, content: string, at = NOW) => {
  const block = openingBlock(store, mem, conversationId, at);
  appendMessage(store, { conversationId, role: "user", content, block });
  return block;
};

describe("composing a block", () => {
  test("nothing to say is the empty block", () => {
    expect(composeBlock({ notes: [], previous: null, earlier: [], own: [] })).toBe("");
  });

  test("the first block shows every note of yesterday and today, the owner's place first", async () => {
    await note("agent", "2026-03-01", "- ran 5 km");
    await note("user", "2026-03-02", "- prefers mornings");
    await note("agent", "2026-03-02", "- weight 70 kg");
    await note("agent", "2026-02-28", "- too old to show");
    expect(open(createConversation(store, { agentId: "coach" }).id, "hi")).toBe(
      [
        "<memory>",
        "### Ghi chú về người dùng 2026-03-02 (hôm nay)",
        "- prefers mornings",
        "",
        "### Ghi chú của bạn 2026-03-01 (hôm qua)",
        "- ran 5 km",
        "",
        "### Ghi chú của bạn 2026-03-02 (hôm nay)",
        "- weight 70 kg",
        "</memory>",
      ].join("\n"),
    );
  });

  test("a later block holds only the lines earlier blocks did not show; none new: empty", async () => {
    const conv = createConversation(store, { agentId: "coach" }).id;
    await note("agent", "2026-03-02", "- weight 70 kg");
    open(conv, "one");
    expect(open(conv, "two")).toBe("");
    await note("agent", "2026-03-02", "- slept 8 h");
    await note("user", "2026-03-02", "- likes tea");
    const third = open(conv, "three");
    expect(third).toContain("- slept 8 h");
    expect(third).toContain("- likes tea");
    expect(third).not.toContain("- weight 70 kg");
  });

  test("past midnight the same date keeps what was shown, now labelled yesterday", async () => {
    const conv = createConversation(store, { agentId: "coach" }).id;
    await note("agent", "2026-03-02", "- weight 70 kg");
    open(conv, "evening");
    await note("agent", "2026-03-03", "- new day");
    const next = open(conv, "morning", new Date("2026-03-03T01:00:00Z"));
    expect(next).toBe("<memory>\n### Ghi chú của bạn 2026-03-03 (hôm nay)\n- new day\n</memory>");
  });

  test("notes the conversation saved itself are never re-injected (G-09)", async () => {
    const conv = createConversation(store, { agentId: "coach" }).id;
    open(conv, "save this");
    const call = { id: "c1", name: "memory_save", arguments: JSON.stringify({ text: "weight 70 kg" }) };
    appendMessage(store, { conversationId: conv, role: "assistant", content: "", toolCalls: [call] });
    appendMessage(store, { conversationId: conv, role: "tool", content: "saved", toolCallId: "c1", name: "memory_save" });
    await note("agent", "2026-03-02", "- 08:01 weight 70 kg");
    expect(open(conv, "next")).toBe("");
    // Another conversation did not write it: there it is news.
    expect(open(createConversation(store, { agentId: "coach" }).id, "elsewhere")).toContain("weight 70 kg");
  });

  test("the previous channel conversation's summary comes once, under Cuộc trước (G-10)", () => {
    const yesterday = createConversation(store, { agentId: "coach", channel: "telegram:42" });
    appendMessage(store, { conversationId: yesterday.id, role: "user", content: "plan my run" });
    setSummary(store, yesterday.id, "Planned a 10 km run.");
    const today = createConversation(store, { agentId: "coach", channel: "telegram:42" }).id;
    expect(open(today, "hi")).toBe("<memory>\n### Cuộc trước\nPlanned a 10 km run.\n</memory>");
    expect(open(today, "again")).toBe("");
    // The web's conversations follow on from none.
    const web = createConversation(store, { agentId: "coach" }).id;
    expect(open(web, "hi")).toBe("");
  });

  test("a summary's own words never count as notes already shown", async () => {
    const yesterday = createConversation(store, { agentId: "coach", channel: "api" });
    appendMessage(store, { conversationId: yesterday.id, role: "user", content: "quote it" });
    setSummary(store, yesterday.id, "Quoted:\n### Ghi chú của bạn 2026-03-02 (hôm nay)\n- weight 70 kg");
    const today = createConversation(store, { agentId: "coach", channel: "api" }).id;
    open(today, "hi");
    await note("agent", "2026-03-02", "- weight 70 kg");
    expect(open(today, "later")).toBe("<memory>\n### Ghi chú của bạn 2026-03-02 (hôm nay)\n- weight 70 kg\n</memory>");
  });

  test("a conversation whose messages carry no block is one G-08 reads current memory for", () => {
    const conv = createConversation(store, { agentId: "coach" }).id;
    appendMessage(store, { conversationId: conv, role: "user", content: "before blocks existed" });
    expect(modelView(store, conv, () => "MEM")[0]!.content).toBe("MEM\n\nbefore blocks existed");
    appendMessage(store, { conversationId: conv, role: "user", content: "after", block: "" });
    // An empty block is still a block: the conversation never falls back to re-reading memory.
    expect(modelView(store, conv, () => "MEM").map((m) => m.content)).toEqual(["before blocks existed", "after"]);
  });

  test("G-08 on the wire: with no block stored, the memory as it is now comes before the first user message", async () => {
    const conv = createConversation(store, { agentId: "coach" }).id;
    appendMessage(store, { conversationId: conv, role: "user", content: "before blocks existed" });
    appendMessage(store, { conversationId: conv, role: "assistant", content: "ok" });
    await note("agent", "2026-03-02", "- news");
    const history = () => sqlTurnStore(store, conv, "run-1", () => openingBlock(store, mem, conv, NOW)).history();
    const news = "<memory>\n### Ghi chú của bạn 2026-03-02 (hôm nay)\n- news\n</memory>";
    expect(history().map((m) => m.content)).toEqual([`${news}\n\nbefore blocks existed`, "ok"]);
    // Its next opening message carries a block: from then on the stored blocks are what the model reads.
    open(conv, "after");
    expect(history().map((m) => m.content)).toEqual(["before blocks existed", "ok", `${news}\n\nafter`]);
  });
});
