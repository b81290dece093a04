// The channel's lifecycle against the Bot API fake (L-16…L-18, L-50, L-81): the exact log lines, commands
// registered once per process, a rebuild only when the block, the token or chat_id change, the old loop
// ended before the new bot polls, and stopping that waits for the chat's running turns.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentProfile } from "../../../src/config/agent-schema.ts";
import { openStore } from "../../../src/store/db.ts";
import { botApi } from "../../../src/telegram/api.ts";
import { TelegramBot } from "../../../src/telegram/bot.ts";
import { TelegramChannel, type BotContext } from "../../../src/telegram/channel.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

let fake: TelegramFake;
beforeEach(() => (fake = new TelegramFake()));
afterEach(() => fake.stop());

const COMMANDS = [{ command: "status", description: "Trạng thái" }];
const master = (telegram?: AgentProfile["telegram"]) => ({ mode: "chat", telegram }) as AgentProfile;
const offsetFile = () => join(mkdtempSync(join(tmpdir(), "mc-tgc-")), "telegram.offset");

function channel(env: Record<string, string | undefined>) {
  const logs: string[] = [];
  let heard = () => {};
  const log = (l: string) => (logs.push(l), heard());
  /** Resolves once a log line contains `part`. */
  const logged = async (part: string) => {
    while (!logs.some((l) => l.includes(part))) await new Promise<void>((r) => (heard = r));
  };
  let built = 0;
  let context: BotContext | null = null;
  const ch = new TelegramChannel({
    store: openStore(":memory:"), offsetFile: offsetFile(), env, log, commands: COMMANDS,
    turns: () => [], handler: (bot) => (built++, (context = bot), async () => {}),
  });
  return { ch, logs, logged, built: () => built, context: () => context };
}

describe("telegram channel", () => {
  test("an unset token env var logs L-18's line and starts no bot", async () => {
    const { ch, logs } = channel({ TELEGRAM_BASE_URL: fake.url });
    await ch.configure(master({ token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 }));
    await ch.start();
    expect(logs).toEqual(["agent default: env var TELEGRAM_BOT_TOKEN is not set; telegram channel disabled"]);
    expect(ch.state()).toMatchObject({ configured: true, tokenSet: false, enabled: false });
    expect(fake.calls).toEqual([]);
    await ch.stop();
  });

  test("with the token: enabled line, getMe, commands once, messages handed over, state for the UI", async () => {
    const env = { TELEGRAM_BASE_URL: fake.url, TELEGRAM_BOT_TOKEN: FAKE_TOKEN };
    const { ch, logs, built, context } = channel(env);
    await ch.configure(master({ token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 }));
    await ch.start();
    // start() resolves with the handler built: serve.ts resumes cut turns right after (L-83).
    expect(built()).toBe(1);
    expect(logs).toEqual(["telegram channel enabled for default"]);
    fake.text("xin chào");
    await fake.next((c) => c.method === "getUpdates" && Number(c.params.offset) > 0);
    expect(fake.of("setMyCommands").map((c) => c.params.commands)).toEqual([COMMANDS]);
    expect(context()!.me()?.username).toBe("crew_test_bot");
    expect(ch.state()).toMatchObject({ enabled: true, polling: true, lastError: null });
    expect(ch.state().lastUpdateAt).not.toBeNull();
    // Another edit of the profile (same block, same token) leaves the running bot alone (L-17).
    await ch.configure({ ...master({ token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 }), name: "Khác" });
    expect(fake.of("getMe")).toHaveLength(1);
    // A new chat_id rebuilds it: the old loop ends before the new bot polls, so no 409 ever comes.
    await ch.configure(master({ token_env: "TELEGRAM_BOT_TOKEN", chat_id: 43 }));
    await fake.next(() => fake.of("getMe").length === 2);
    await fake.next(() => fake.of("getUpdates").length >= 3);
    expect(logs.filter((l) => l.includes("another poller"))).toEqual([]);
    expect(fake.of("setMyCommands")).toHaveLength(1);
    expect(ch.current()?.chatId).toBe(43);
    await ch.stop();
    expect(ch.state().enabled).toBe(false);
    expect(ch.current()).toBeNull();
  });

  test("a wrong token keeps the bot enabled but failing, with the error and never the token", async () => {
    const env = { TELEGRAM_BASE_URL: fake.url, TELEGRAM_BOT_TOKEN: "999:wrong-token-value" };
    const { ch, logs, logged } = channel(env);
    await ch.configure(master({ token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 }));
    await ch.start();
    await logged("401");
    expect(logs).toContain("telegram getMe: 401 Unauthorized");
    expect(ch.state()).toMatchObject({ enabled: true, polling: false });
    expect(ch.state().lastError).toContain("401");
    expect(ch.state().lastError).not.toContain("wrong-token-value");
    await ch.stop();
  });
});

describe("stopping a bot (L-81)", () => {
  const bot = (turns: () => Promise<unknown>[], log: string[] = [], cancel?: () => void) => new TelegramBot({
    api: botApi(FAKE_TOKEN, fake.url), chatId: 42, store: openStore(":memory:"), offsetFile: offsetFile(),
    handler: async () => {}, commands: [], registered: new Set(), turns, cancel, log: (l) => log.push(l),
  });

  test("ends the loop first, then waits for the chat's running turns", async () => {
    const events: string[] = [];
    let finish = () => {};
    const turn = new Promise<void>((r) => (finish = r)).then(() => void events.push("turn finished"));
    const b = bot(() => {
      events.push("loop ended");
      queueMicrotask(finish);
      return [turn];
    });
    b.start();
    await fake.next((c) => c.method === "getUpdates");
    await b.stop();
    events.push("stopped");
    expect(events).toEqual(["loop ended", "turn finished", "stopped"]);
  });

  test("a turn still running after the wait is cancelled, logged, and stop returns", async () => {
    const logs: string[] = [];
    let cancelled = 0;
    const b = bot(() => [new Promise(() => {})], logs, () => cancelled++);
    b.start();
    await fake.next((c) => c.method === "getUpdates");
    expect(await b.stop(20)).toBe(false);
    expect(cancelled).toBe(1);
    expect(logs).toContain("telegram: a turn still runs after 0.02 s; cancelling it");
  });
});
