// "Cuộc trước" on Telegram (G-10, G-13): after /new (or on a new day) the chat's next conversation opens with
// the previous one's summary in its first block, the old messages unsent; the summary bumps no updated_at.
import { afterEach, describe, expect, test } from "bun:test";
import { getConversation, listConversations } from "../../../src/store/conversations.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { chatHarness } from "./chat-harness.ts";

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

describe("the chat's previous conversation", () => {
  test("/new, then a message: its block carries Cuộc trước; the summarised one keeps its updated_at", async () => {
    h = await chatHarness();
    await h.say("Nhắc tôi mua vé tàu");
    await h.sent(1);
    await h.chat.settle(10_000);
    const first = h.chat.current()!;
    const before = getConversation(h.t.store, first.id)!.updatedAt;
    await h.say("/new");
    expect((await h.sent(2)).at(-1)).toBe(T_TG.opened);
    await h.say("Tiếp nhé");
    // fake:echo answers the owner's words, past the block.
    expect((await h.sent(3)).at(-1)).toBe("Tiếp nhé");
    const summarised = getConversation(h.t.store, first.id)!;
    expect(summarised.summary).toContain("Nhắc tôi mua vé tàu");
    expect(summarised.updatedAt).toBe(before);
    const next = listConversations(h.t.store).find((c) => c.channel === "telegram:42" && c.id !== first.id)!;
    const [opening] = listMessages(h.t.store, next.id);
    expect(opening!.content).toBe("Tiếp nhé");
    expect(opening!.block).toBe(`<memory>\n### Cuộc trước\n${summarised.summary}\n</memory>`);
  });
});
