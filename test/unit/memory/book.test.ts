// The memory tools through a turn's book (G-01…G-03, G-12): an interactive save writes today's note at once,
// a job's save (or a task a job delegated) becomes a proposal and writes nothing; reads and searches see the
// owner's facts and the agent's own memory only, folded like search.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryBook, isUnattended } from "../../../src/memory/book.ts";
import { mainFile, MemoryFiles, noteFile } from "../../../src/memory/files.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { listProposals } from "../../../src/store/memory-proposals.ts";
import { createRun } from "../../../src/store/runs.ts";
import { parseToolArgs, type ToolContext } from "../../../src/tools/define.ts";
import { memoryRead } from "../../../src/tools/memory-read.ts";
import { memorySave } from "../../../src/tools/memory-save.ts";
import { memorySearch } from "../../../src/tools/memory-search.ts";

let root: string;
let store: Store;
let files: MemoryFiles;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mem-book-"));
  store = openStore(":memory:");
  files = new MemoryFiles(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// 23:30 UTC on 30 Nov is 06:30 on 1 Dec in Ho Chi Minh City: the note belongs to the owner's day.
const at = new Date("2026-11-30T23:30:00Z");
const tz = "Asia/Ho_Chi_Minh";

function ctx(agentId: string, source: string): ToolContext {
  const memory = memoryBook({ store, files, timezone: tz, agentId, runId: "run-1", source, now: () => at });
  return { workspace: root, signal: new AbortController().signal, agentId, conversationId: null, memory };
}

describe("memory_save", () => {
  test("an interactive turn writes today's note of the scope at once (G-02)", async () => {
    const out = await memorySave.execute({ scope: "user", text: "Thích cà phê sữa đá" }, ctx("coach", "chat"));
    expect(out).toBe("Saved to users/owner/memory/2026-12-01.md.");
    await memorySave.execute({ scope: "agent", text: "Ran 5 km" }, ctx("coach", "telegram"));
    expect(await files.read(noteFile("user", "coach", "2026-12-01"))).toBe("- 06:30 Thích cà phê sữa đá\n");
    expect(await files.read(noteFile("agent", "coach", "2026-12-01"))).toBe("- 06:30 Ran 5 km\n");
    expect(listProposals(store)).toEqual([]);
  });

  test("a job's turn makes a proposal and writes nothing (G-03), and the model is told so", async () => {
    await files.write(noteFile("user", "x", "2026-12-01"), "- 06:00 earlier\n");
    const out = await memorySave.execute({ scope: "user", text: "Owner travels to Huế" }, ctx("default", "job:default/brief"));
    const [p] = listProposals(store);
    expect(out).toContain(`proposal #${p!.id}`);
    expect(out).toContain("Do not save it again");
    expect(p).toMatchObject({
      agentId: "default", scope: "user", path: "users/owner/memory/2026-12-01.md", status: "pending",
      oldText: "- 06:00 earlier\n", newText: "- 06:00 earlier\n- 06:30 Owner travels to Huế\n",
      runId: "run-1", source: "job:default/brief",
    });
    expect(await files.read(noteFile("user", "x", "2026-12-01"))).toBe("- 06:00 earlier\n");
  });

  test("a task delegated by a job's turn is unattended too; one delegated by a chat turn is not", () => {
    const parent = createConversation(store, { agentId: "default", source: "job:default/brief" });
    createRun(store, { agentId: "default", source: "job:default/brief", conversationId: parent.id });
    const chat = createConversation(store, { agentId: "default" });
    createRun(store, { agentId: "default", source: "chat", conversationId: chat.id });
    expect(isUnattended(store, `delegate:${parent.id}`)).toBe(true);
    expect(isUnattended(store, `delegate:${chat.id}`)).toBe(false);
    expect(isUnattended(store, "api")).toBe(false);
  });

  test("arguments are bounded: an empty or over-long note is sent back to the model", () => {
    expect(parseToolArgs(memorySave, JSON.stringify({ scope: "user", text: " " })).ok).toBe(false);
    expect(parseToolArgs(memorySave, JSON.stringify({ scope: "agent", text: "x".repeat(1001) })).ok).toBe(false);
    expect(parseToolArgs(memorySave, JSON.stringify({ scope: "team", text: "x" })).ok).toBe(false);
  });
});

describe("memory_read and memory_search", () => {
  test("are replay-safe and never ask (C-25, G-12); memory_save asks nothing but is not replay-safe", () => {
    expect([memoryRead.replaySafe, memorySearch.replaySafe, memorySave.replaySafe]).toEqual([true, true, false]);
    expect([memoryRead, memorySearch, memorySave].some((t) => t.requiresApproval)).toBe(false);
  });

  test("read gives the main file or one day's notes, with the days that have notes", async () => {
    await files.write(mainFile("agent", "coach"), "# Coach\nGoal: 10 km\n");
    await files.write(noteFile("agent", "coach", "2026-11-29"), "- 07:00 rest day\n");
    const c = ctx("coach", "chat");
    expect(await memoryRead.execute({ scope: "agent" }, c))
      .toBe("agents/coach/MEMORY.md:\n# Coach\nGoal: 10 km\n\nDays with notes: 2026-11-29");
    expect(await memoryRead.execute({ scope: "agent", date: "2026-11-29" }, c)).toContain("- 07:00 rest day");
    expect(await memoryRead.execute({ scope: "user" }, c)).toBe("users/owner/USER.md:\n(empty)\n\nDays with notes: none");
  });

  test("search folds case, diacritics and đ, and never sees another agent's memory", async () => {
    await files.write(mainFile("user", "x"), "Owner drinks CÀ PHÊ without sugar\nLives in Đà Nẵng\n");
    await files.write(mainFile("agent", "coach"), "Coach note: ca phe before runs is fine\n");
    await files.write(mainFile("agent", "default"), "Master note: ca phe budget\n");
    const hits = await memorySearch.execute({ query: "ca phe" }, ctx("coach", "chat"));
    expect(hits.split("\n").sort()).toEqual([
      "agents/coach/MEMORY.md: Coach note: ca phe before runs is fine",
      "users/owner/USER.md: Owner drinks CÀ PHÊ without sugar",
    ]);
    expect(await memorySearch.execute({ query: "da nang", scope: "user" }, ctx("coach", "chat")))
      .toBe("users/owner/USER.md: Lives in Đà Nẵng");
    expect(await memorySearch.execute({ query: "budget" }, ctx("coach", "chat"))).toBe('No memory line matches "budget".');
    expect(existsSync(join(root, "agents", "coach", "memory"))).toBe(false);
  });

  test("without a book the tools fail with a sentence, not a crash", async () => {
    const bare = { workspace: root, signal: new AbortController().signal, agentId: "x", conversationId: null };
    await expect(memoryRead.execute({ scope: "user" }, bare)).rejects.toThrow("memory is not available");
  });
});
