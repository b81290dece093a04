// Chat turns and commands against the Bot API fake (L-22…L-25, L-56, L-57): today's conversation, typing
// before the reply, every command, `/status@bot`, and slash text that is not a command.
import { afterEach, describe, expect, test } from "bun:test";
import { localDate } from "../../../src/config/owner-time.ts";
import { listConversations } from "../../../src/store/conversations.ts";
import { clearQueue, enqueue } from "../../../src/store/queue.ts";
import { listRuns } from "../../../src/store/runs.ts";
import { COMMANDS, parseCommand } from "../../../src/telegram/commands.ts";
import { T } from "../../../src/texts/vi.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { chatHarness } from "./chat-harness.ts";

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

const telegramConvs = () => listConversations(h.t.store).filter((c) => c.channel === "telegram:42");

describe("chat turns", () => {
  test("a text is a turn of today's conversation, titled by the owner's date; typing before the reply", async () => {
    h = await chatHarness();
    const ids = await h.say("xin chào");
    expect(h.handled).toEqual(ids);
    expect(await h.sent(1)).toEqual(["xin chào"]);
    const typing = h.fake.calls.findIndex((c) => c.method === "sendChatAction");
    expect(h.fake.calls[typing]!.params).toMatchObject({ chat_id: 42, action: "typing" });
    expect(typing).toBeLessThan(h.fake.calls.findIndex((c) => c.method === "sendMessage"));
    const [conv] = telegramConvs();
    expect(conv!.title).toBe(`Telegram · ${localDate(new Date(), "Asia/Ho_Chi_Minh")}`);
    expect(listRuns(h.t.store, { conversationId: conv!.id })[0]!.source).toBe("telegram");
    await h.chat.settle(10_000);
    await h.say("lần hai");
    expect(await h.sent(2)).toEqual(["xin chào", "lần hai"]);
    expect(telegramConvs()).toHaveLength(1);
  });

  test("a first typing call Telegram does not answer in 3 s is logged and the reply still comes", async () => {
    h = await chatHarness({
      api: (api) => ({
        ...api,
        call: (method, params, opts) =>
          method === "sendChatAction" && opts?.timeoutMs
            ? new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), opts.timeoutMs))
            : api.call(method, params, opts),
      }),
    });
    await h.say("chậm");
    expect(await h.sent(1)).toEqual(["chậm"]);
    expect(h.t.logs.some((l) => l.includes("warning: typing indicator failed: timed out"))).toBe(true);
  });

  test("the reply is stripped of Markdown", async () => {
    h = await chatHarness();
    await h.say("**đậm** và 2*3\n---\n# Tiêu đề");
    expect(await h.sent(1)).toEqual(["đậm và 2*3\n\nTiêu đề"]);
  });
});

describe("the day's conversation", () => {
  test("approvals of the chat's conversations wait the block's approval_ttl_seconds (L-13)", async () => {
    h = await chatHarness({ chat: { approvalTtlSeconds: 7200 } });
    await h.say("chào");
    await h.sent(1);
    expect(h.chat.current()!.approvalTtlSeconds).toBe(7200);
  });

  test("past midnight the chat stays on a conversation with queued messages, then opens a new one (K-22)", async () => {
    let now = new Date();
    h = await chatHarness({ chat: { now: () => now } });
    await h.say("hôm nay");
    await h.sent(1);
    await h.chat.settle(10_000);
    const first = h.chat.current()!;
    enqueue(h.t.store, { conversationId: first.id, kind: "follow_up", text: "chờ", source: "telegram" });
    now = new Date(now.getTime() + 86_400_000);
    expect(h.chat.today().id).toBe(first.id);
    clearQueue(h.t.store, first.id);
    const next = h.chat.today();
    expect(next.id).not.toBe(first.id);
    expect(next.title).toBe(`Telegram · ${localDate(now, "Asia/Ho_Chi_Minh")}`);
  });

  test("a message handed over right after the one that opened a turn is queued (L-60)", async () => {
    h = await chatHarness();
    await h.say("một");
    await h.say("hai");
    // The notice, the first answer and the queue's own answer, whatever order the replies race in.
    expect((await h.sent(3)).toSorted()).toEqual([T.inboundQueued, "một", "hai"].toSorted());
  });
});

describe("commands", () => {
  test("/new, /reset and /start open another conversation; the next message goes there", async () => {
    h = await chatHarness();
    await h.say("một");
    await h.sent(1);
    await h.chat.settle(10_000);
    for (const [i, c] of ["/new", "/reset", "/start"].entries()) {
      await h.say(c);
      expect((await h.sent(2 + i)).at(-1)).toBe(T_TG.opened);
    }
    expect(telegramConvs()).toHaveLength(4);
    await h.say("hai");
    expect((await h.sent(5)).at(-1)).toBe("hai");
    expect(h.chat.current()!.id).toBe(telegramConvs()[0]!.id);
    expect(h.handled).toHaveLength(5);
  });

  test("/help lists every command; the list for setMyCommands has them all", async () => {
    h = await chatHarness();
    expect(COMMANDS.map((c) => c.command)).toEqual(
      ["new", "reset", "start", "help", "status", "tools", "steer", "approve", "deny"]);
    await h.say("/help");
    const [help] = await h.sent(1);
    for (const c of COMMANDS) expect(help).toContain(`/${c.command} — ${c.description}`);
  });

  test("/status (also as /status@bot) shows turns, spend, route, approvals and the latest run", async () => {
    h = await chatHarness();
    await h.say("/status@crew_test_bot");
    const idle = (await h.sent(1))[0]!.split("\n");
    expect(idle[0]).toBe(T_TG.statusIdle);
    expect(idle.slice(1)).toEqual(expect.arrayContaining([
      "Số lượt: 0", "Tuyến: fake:echo", "Duyệt đang chờ: 0", `Run gần nhất: ${T_TG.noRun}`,
    ]));
    expect(idle[2]).toStartWith("Chi tiêu: $0.0000 / trần ");
    await h.say("chào");
    await h.sent(2);
    await h.chat.settle(10_000);
    await h.say("/status");
    const status = (await h.sent(3))[2]!;
    expect(status).toContain("Số lượt: 1");
    expect(status).toMatch(/Run gần nhất: \d{4}-\d\d-\d\d \d\d:\d\d · done/);
  });

  test("/tools names the master's tools", async () => {
    h = await chatHarness();
    await h.say("/tools");
    const [tools] = await h.sent(1);
    expect(tools).toStartWith(T_TG.toolsTitle);
    expect(tools).toContain("- file_write");
    expect(tools).toContain("- ask_user");
  });

  test("/usr/bin, a sentence starting with /, and a command for another bot go to the model", async () => {
    h = await chatHarness();
    for (const [i, text] of ["/usr/bin", "/new là gì vậy", "/status@other_bot"].entries()) {
      await h.say(text);
      expect((await h.sent(i + 1)).at(-1)).toBe(text);
      await h.chat.settle(10_000);
    }
    expect(parseCommand("/STATUS")).toBe("status");
    expect(parseCommand("/steer x")).toBeNull();
    expect(parseCommand("/tool shell_run {}")).toBeNull();
  });
});
