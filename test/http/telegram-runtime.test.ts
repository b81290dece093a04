// The channel in the real runtime and app (L-16…L-18, deliverable 8): a Connections save of the token
// rebuilds the bot in place, another save does not; Manage → Cài đặt shows the bot's state as it is.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentSchema } from "../../src/config/agent-schema.ts";
import { homePaths } from "../../src/config/home.ts";
import { loadConfig } from "../../src/config/load.ts";
import { resolveSettings } from "../../src/config/settings.ts";
import { createApp } from "../../src/server/app.ts";
import { loadAssets } from "../../src/server/assets.ts";
import { openStore } from "../../src/store/db.ts";
import type { Incoming } from "../../src/telegram/types.ts";
import { T_TG_BOT } from "../../src/texts/vi-tg-bot.ts";
import { buildRuntime, type Runtime } from "../../src/turns/runtime.ts";
import { FAKE_TOKEN, TelegramFake } from "../helpers/telegram-fake.ts";

let fake: TelegramFake | undefined;
let rt: Runtime | undefined;
afterEach(async () => {
  await rt?.telegram?.stop();
  rt?.stopJobs();
  fake?.stop();
});

async function setup(env: Record<string, string | undefined>) {
  const root = mkdtempSync(join(tmpdir(), "mc-tgrt-"));
  const logs: string[] = [];
  const log = (l: string) => logs.push(l);
  const fullEnv: Record<string, string | undefined> = { MY_AGENT_ROUTES: "fake:echo", ...env };
  const config = loadConfig(join(root, "config.yaml"));
  const settings = resolveSettings(config, fullEnv);
  const profiles = new Map([["default", agentSchema.parse({ telegram: { token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 } })]]);
  const got: Incoming[] = [];
  const telegram = { commands: [], handler: () => async (i: Incoming) => void got.push(i) };
  const store = openStore(":memory:");
  rt = buildRuntime({ settings, profiles, paths: homePaths(root), env: fullEnv, store, log, telegram });
  const app = createApp({
    settings, store, assets: await loadAssets(), log, host: rt.host, hub: rt.hub, crew: rt.crew,
    rebuildCrew: () => rt!.rebuild(), envFile: join(root, "env"), env: fullEnv, telegram: rt.telegram,
  });
  const put = (changes: Record<string, string | null>) => app.request("/api/connections", {
    method: "PUT", body: JSON.stringify({ changes }), headers: { "content-type": "application/json", host: "127.0.0.1" },
  });
  const settingsPage = async () => (await app.request("/manage/settings", { headers: { host: "127.0.0.1" } })).text();
  return { rt, logs, got, put, settingsPage };
}

describe("the Telegram channel in the runtime", () => {
  test("no token: disabled line, Cài đặt says the env var is unset; saving it in Connections starts the bot", async () => {
    fake = new TelegramFake();
    const t = await setup({ TELEGRAM_BASE_URL: fake.url });
    await t.rt.telegram!.start();
    expect(t.logs).toContain("agent default: env var TELEGRAM_BOT_TOKEN is not set; telegram channel disabled");
    expect(await t.settingsPage()).toContain(T_TG_BOT.noToken("TELEGRAM_BOT_TOKEN"));
    expect((await t.put({ TELEGRAM_BOT_TOKEN: FAKE_TOKEN })).status).toBe(200);
    await fake.next((c) => c.method === "getUpdates");
    expect(t.logs).toContain("telegram channel enabled for default");
    fake.text("xin chào");
    await fake.next((c) => c.method === "getUpdates" && Number(c.params.offset) > 0);
    expect(t.got).toHaveLength(1);
    const page = await t.settingsPage();
    expect(page).toContain(T_TG_BOT.enabled);
    expect(page).toContain(T_TG_BOT.polling);
    expect(page).not.toContain(T_TG_BOT.noUpdate);
    expect(page).not.toContain(FAKE_TOKEN);
  });

  test("a save of another key leaves the bot polling; a new token value rebuilds it", async () => {
    fake = new TelegramFake();
    const t = await setup({ TELEGRAM_BASE_URL: fake.url, TELEGRAM_BOT_TOKEN: FAKE_TOKEN });
    await t.rt.telegram!.start();
    await fake.next((c) => c.method === "getUpdates");
    expect((await t.put({ BRAVE_API_KEY: "brave-key-123456" })).status).toBe(200);
    expect(fake.of("getMe")).toHaveLength(1);
    expect((await t.put({ TELEGRAM_BOT_TOKEN: "555:another-bot-token-value" })).status).toBe(200);
    // start() again is a no-op that resolves once the rebuild queued by the save has been applied.
    await t.rt.telegram!.start();
    const page = await t.settingsPage();
    expect(t.rt.telegram!.state().enabled).toBe(true);
    expect(page).not.toContain("another-bot-token-value");
    expect(t.logs.filter((l) => l === "telegram channel enabled for default")).toHaveLength(2);
  });
});
