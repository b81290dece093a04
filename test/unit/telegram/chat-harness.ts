// The chat part of the bot wired in-process for tests: the real runtime (testApp, fake:echo), the real
// Bot API client pointed at the local fake, the chat with its follower, and the router fed Incomings by
// hand (the poller is the core part's). Every handled update id is recorded, so tests count them.
import { redactor } from "../../../src/export/redact.ts";
import { botApi } from "../../../src/telegram/api.ts";
import { TelegramChat, telegramFollower, type ChatDeps } from "../../../src/telegram/chat.ts";
import { telegramRouter } from "../../../src/telegram/router.ts";
import type { BotApi, Incoming, MediaIn, TgMessage } from "../../../src/telegram/types.ts";
import { openStore } from "../../../src/store/db.ts";
import { testApp } from "../../helpers/app.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

export const BOT_NAME = "crew_test_bot";

/** A MediaIn standing in for the media part: attachments and voice give fixed outcomes. */
export const testMedia: MediaIn = {
  attachments: async (messages) => ({ text: `[saved: inbox/a.jpg]\n${messages[0]?.caption ?? ""}` }),
  voice: async (m) => (m.voice!.duration > 300 ? { reply: "quá dài" } : { text: "/steer nghe được" }),
};

type Options = {
  api?: (api: BotApi) => BotApi; storePath?: string; chat?: Partial<ChatDeps>; env?: Record<string, string>;
};

export async function chatHarness(o: Options = {}) {
  const fake = new TelegramFake();
  const t = await testApp([], o.env ?? {}, o.storePath ? openStore(o.storePath) : undefined);
  const plain = botApi(FAKE_TOKEN, fake.url);
  const api = o.api ? o.api(plain) : plain;
  const { host, hub, crew } = t.runtime;
  const chat = new TelegramChat({
    api, store: t.store, host, hub, crew, chatId: 42, timezone: () => "Asia/Ho_Chi_Minh", log: t.logs.push.bind(t.logs),
    redact: redactor({ CANVAS_TOKEN: "tok-secret-value-123", ...o.env }),
    ...o.chat,
  });
  host.follow(telegramFollower(() => chat));
  const route = telegramRouter(chat, testMedia, BOT_NAME);
  const handled: number[] = [];
  let nextUpdate = 1;
  let nextMessage = 1;
  /** Hands one message (or an album) to the router as the poller would; resolves at acceptance. */
  const hand = async (...parts: Partial<TgMessage>[]) => {
    const messages = parts.map((p) => ({
      message_id: nextMessage++, date: Math.floor(Date.now() / 1000), chat: { id: 42, type: "private" }, ...p,
    }));
    const incoming: Incoming = {
      updateIds: messages.map(() => nextUpdate++),
      messages,
      handled: () => void handled.push(...incoming.updateIds),
    };
    await route(incoming);
    return incoming.updateIds;
  };
  const say = (text: string) => hand({ text });
  /** The texts sent, once `n` have been. */
  const sent = (n: number) => fake.sentCount(n);
  const stop = async () => {
    await chat.settle(10_000);
    fake.stop();
  };
  return { fake, t, chat, api, hand, say, sent, handled, stop };
}
