// A home for the binary with the master's telegram block and its token pointed at the Bot API fake.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./binary.ts";
import { FAKE_TOKEN, type TelegramFake } from "./telegram-fake.ts";

export function telegramHome(fake: TelegramFake, token = FAKE_TOKEN): string {
  const root = tempDir("tg-home");
  writeFileSync(join(root, "agent.yaml"), "telegram:\n  token_env: TELEGRAM_BOT_TOKEN\n  chat_id: 42\n");
  writeFileSync(join(root, "env"), `TELEGRAM_BOT_TOKEN=${token}\nTELEGRAM_BASE_URL=${fake.url}\n`, { mode: 0o600 });
  return root;
}
