// Memory blocks on the wire (G-05…G-10, G-13), against a strict OpenAI-format provider that records every
// request: the system prompt stays byte-identical through a day of turns while notes arrive; a note written
// elsewhere reaches the next turn's block, never the system prompt; the turn's own memory_save is not sent
// back; the history only grows; a channel's next-day conversation opens with "Cuộc trước", old messages unsent.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { localDate } from "../../src/config/owner-time.ts";
import { MemoryFiles, noteFile } from "../../src/memory/files.ts";
import { getConversation } from "../../src/store/conversations.ts";
import { all } from "../../src/store/db.ts";
import { listMessages } from "../../src/store/messages.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { startStrictProvider } from "../helpers/strict-provider.ts";
import { gate, until } from "../helpers/wait.ts";

const strict = startStrictProvider({ pieceMs: 0 });
afterAll(() => strict.stop());
const env = { MY_AGENT_ROUTES: "openai:m-1", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: strict.url };

type Msg = { role: string; content?: string | null };
/** The turn requests (not titles or summaries), in order. */
const turnRequests = () => strict.requests.filter((r) => r[0]?.content?.startsWith("You are my-crew"));
const lastUser = (r: Msg[]) => r.findLast((m) => m.role === "user")!.content ?? "";

describe("memory blocks on the wire", async () => {
  const t = await testApp([], env);
  const files = new MemoryFiles(t.root);
  const today = () => localDate(new Date(), "Asia/Ho_Chi_Minh");
  writeFileSync(join(t.root, "MEMORY.md"), "Dự án: my-crew.");
  mkdirSync(join(t.root, "users", "owner"), { recursive: true });
  writeFileSync(join(t.root, "users", "owner", "USER.md"), "Tên: Lan.");
  const newConv = async () => ((await (await t.json("/api/conversations", "POST", {})).json()) as { id: string }).id;
  const turn = async (id: string, text: string) => {
    const events = await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }));
    expect(events.at(-1)!.type).toBe("done");
  };

  test("a day of turns: one system prompt, notes in blocks, own notes not re-sent, a history that only grows", async () => {
    const id = await newConv();
    const from = turnRequests().length;
    await turn(id, "một");
    // Written by another conversation (or by hand): news for this one's next turn.
    await files.append(noteFile("agent", "default", today()), "- 09:00 chạy 5 km");
    await turn(id, "hai");
    await turn(id, '/tool memory_save {"scope":"user","text":"Thích trà xanh"}');
    await turn(id, "ba");
    expect(strict.refusals).toEqual([]);
    const reqs = turnRequests().slice(from);
    // "một", "hai", the save (a call and its answer), "ba".
    expect(reqs.length).toBe(5);
    const systems = new Set(reqs.map((r) => r[0]!.content));
    expect(systems.size).toBe(1);
    const [system] = [...systems];
    expect(system).toContain("Tên: Lan.");
    expect(system).toContain("Dự án: my-crew.");
    expect(system).not.toContain("chạy 5 km");
    expect(system).not.toContain("Thích trà xanh");
    expect(lastUser(reqs[0]!)).toBe("một");
    expect(lastUser(reqs[1]!)).toMatch(/^<memory>\n### Ghi chú của bạn \S+ \(hôm nay\)\n- 09:00 chạy 5 km\n<\/memory>\n\nhai$/);
    // The note the conversation saved itself is in the file, but its next turn is not sent it again (G-09).
    expect(files.readSync(noteFile("user", "default", today()))).toContain("Thích trà xanh");
    expect(lastUser(reqs[4]!)).toBe("ba");
    // Each request repeats the previous one byte for byte, then adds to it (G-06).
    for (let i = 1; i < reqs.length; i++) {
      expect(JSON.stringify(reqs[i]!.slice(0, reqs[i - 1]!.length))).toBe(JSON.stringify(reqs[i - 1]));
    }
    // The blocks are stored with their messages: what the model read is what the log keeps.
    const users = listMessages(t.store, id).filter((m) => m.role === "user");
    expect(users.map((m) => m.block)).toEqual(["", expect.stringContaining("chạy 5 km"), "", ""]);
    // Another conversation has not seen either note yet: its first block carries both, and its own save
    // (the owner's words after that block) is news for the first conversation's next turn.
    const other = await newConv();
    await turn(other, '/tool memory_save {"scope":"agent","text":"Dời lịch chạy sang thứ bảy"}');
    const first = lastUser(turnRequests().find((r) => r.length === 2 && lastUser(r).includes("Dời lịch"))!);
    expect(first).toContain("- 09:00 chạy 5 km");
    expect(first).toMatch(/### Ghi chú về người dùng \S+ \(hôm nay\)\n- \d\d:\d\d Thích trà xanh/);
    await turn(id, "năm");
    expect(lastUser(turnRequests().at(-1)!)).toMatch(
      /^<memory>\n### Ghi chú của bạn \S+ \(hôm nay\)\n- \d\d:\d\d Dời lịch chạy sang thứ bảy\n<\/memory>\n\nnăm$/,
    );
    expect(turnRequests().at(-1)![0]!.content).toBe(system!);
  });

  test("a channel's next-day conversation opens with Cuộc trước; the summary leaves updated_at alone", async () => {
    const post = async (text: string) => (await (await t.json("/api/inbound", "POST", { text, channel: "api:day" })).json()) as {
      conversation_id: string;
    };
    const yesterday = (await post("Lên lịch chạy 10 km thứ bảy")).conversation_id;
    // Move that conversation to yesterday, as if the day had turned since.
    const earlier = new Date(Date.now() - 86_400_000).toISOString();
    t.store.db.run("UPDATE conversations SET created_at = ?, updated_at = ? WHERE id = ?", [earlier, earlier, yesterday]);
    const from = turnRequests().length;
    const next = (await post("Tiếp tục nhé")).conversation_id;
    expect(next).not.toBe(yesterday);
    const prev = getConversation(t.store, yesterday)!;
    expect(prev.summary).toContain("Lên lịch chạy 10 km thứ bảy");
    expect(prev.updatedAt).toBe(earlier);
    const rows = all<{ purpose: string }>(t.store, "SELECT purpose FROM side_calls WHERE conversation_id = $id", {
      id: yesterday,
    });
    expect(rows.map((r) => r.purpose)).toContain("summary");
    const [req] = turnRequests().slice(from);
    // The system prompt, then the one new message: yesterday's messages are not replayed.
    expect(req!.map((m) => m.role)).toEqual(["system", "user"]);
    // The last section of its block (notes of the day, if any, come before it).
    expect(lastUser(req!).endsWith(`\n### Cuộc trước\n${prev.summary}\n</memory>\n\nTiếp tục nhé`)).toBe(true);
    expect(strict.refusals).toEqual([]);
  });

  test("a queue drain opens a turn with a block; a steer taken mid-turn carries none", async () => {
    const id = await newConv();
    await t.json(`/api/conversations/${id}`, "PATCH", { autonomous: true });
    const g = gate(t.runtime.crew().get("default")!.workspace);
    const busy = await t.json(`/api/conversations/${id}/messages`, "POST", {
      text: `/tool shell_run ${JSON.stringify({ command: g.command })}`,
    });
    expect(await g.started()).toBe(true);
    await files.append(noteFile("agent", "default", today()), "- 10:00 ghi chú trong lúc bận");
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "/steer nhanh lên" }));
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "câu xếp hàng" }));
    g.open();
    await collect(busy, isEnd);
    await until(() => listMessages(t.store, id).at(-1), (m) => m?.role === "assistant" && m.content === "câu xếp hàng");
    await until(() => t.runtime.host.running(id), (r) => r === undefined);
    const users = listMessages(t.store, id).filter((m) => m.role === "user");
    expect(users.map((m) => m.content)).toEqual([expect.stringContaining("/tool shell_run"), "nhanh lên", "câu xếp hàng"]);
    expect(users[1]!.block).toBeNull();
    expect(users[2]!.block).toContain("- 10:00 ghi chú trong lúc bận");
    expect(strict.refusals).toEqual([]);
  });
});
