// Manage → Cài đặt, the Telegram line (issue 14, deliverable 8): each state of the bot in words.
import { describe, expect, test } from "bun:test";
import { html } from "hono/html";
import { T_TG_BOT } from "../../../src/texts/vi-tg-bot.ts";
import { T } from "../../../src/texts/vi.ts";
import { settingsSection, type TelegramView } from "../../../views/manage/settings.ts";

const base = { routes: ["fake:echo"], routeProblems: [], timezone: "UTC", telegram: true, version: "1", sandbox: null };
const bot: TelegramView = {
  configured: true, tokenEnv: "TELEGRAM_BOT_TOKEN", tokenSet: true, enabled: true, polling: true,
  lastUpdateAt: null, lastError: null,
};
const render = (b: TelegramView | null, telegram = true) =>
  settingsSection({ ...base, telegram, bot: b }, html``).toString();

describe("the Telegram state in settings", () => {
  test("no block, or a server without a channel: configured or not", () => {
    expect(render(null, false)).toContain(T.telegramOff);
    expect(render(null)).toContain(T.telegramOn);
  });

  test("a block without its token, and a bot not started", () => {
    expect(render({ ...bot, tokenSet: false, enabled: false })).toContain(T_TG_BOT.noToken("TELEGRAM_BOT_TOKEN"));
    expect(render({ ...bot, enabled: false })).toContain(T_TG_BOT.notRunning);
  });

  test("a running bot: polling or not, the last update, the last error", () => {
    const fine = render({ ...bot, lastUpdateAt: "2026-12-01 08:30" });
    expect(fine).toContain(`${T_TG_BOT.enabled} ${T_TG_BOT.polling}`);
    expect(fine).toContain(T_TG_BOT.lastUpdate("2026-12-01 08:30"));
    const failing = render({ ...bot, polling: false, lastError: "telegram getMe: 401 Unauthorized" });
    expect(failing).toContain(T_TG_BOT.notPolling);
    expect(failing).toContain(T_TG_BOT.noUpdate);
    expect(failing).toContain(T_TG_BOT.lastError("telegram getMe: 401 Unauthorized"));
  });
});
