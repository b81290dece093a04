// A process for the Telegram crash and log tests: the real channel, bot, poller, ledger and log (stderr,
// masked) on a store in TG_DIR, with a chat handler that accepts like the router will — the message rows
// and the handled update ids in one transaction — then replies. Armed with MY_CREW_CRASH_AT, or CRASH_IN_TX
// (the text whose accepting transaction is cut by SIGKILL). Prints "accepted <ids>" per accepted unit.
import { join } from "node:path";
import { log } from "../../src/cli/log.ts";
import type { AgentProfile } from "../../src/config/agent-schema.ts";
import { CATALOGUE } from "../../src/connections/catalogue.ts";
import { runCheck } from "../../src/connections/check.ts";
import { openStore } from "../../src/store/db.ts";
import { TelegramChannel } from "../../src/telegram/channel.ts";
import type { Incoming } from "../../src/telegram/types.ts";

const dir = process.env.TG_DIR!;
const store = openStore(join(dir, "my-crew.db"));
store.db.run("CREATE TABLE IF NOT EXISTS accepted (seq INTEGER PRIMARY KEY, update_id INTEGER, text TEXT)");
const env = { TELEGRAM_BOT_TOKEN: process.env.TG_TOKEN, TELEGRAM_BASE_URL: process.env.TG_BASE };
const textOf = (i: Incoming) => i.messages.map((m) => m.text ?? m.caption ?? "").join("|");

const channel = new TelegramChannel({
  store, env, log, offsetFile: join(dir, "telegram.offset"), commands: [], turns: () => [],
  delays: { errorMs: [50], albumWaitS: 0 },
  handler: ({ api, chatId }) => async (i) => {
    const doc = i.messages[0]!.document;
    if (doc) {
      const file = await api.call<{ file_path: string }>("getFile", { file_id: doc.file_id });
      log(`downloaded ${(await api.download(file.file_path)).length} bytes`);
    }
    store.tx(() => {
      for (const [k, m] of i.messages.entries()) {
        store.db.query("INSERT INTO accepted (update_id, text) VALUES (?, ?)").run(i.updateIds[k]!, m.text ?? "");
      }
      if (textOf(i) === process.env.CRASH_IN_TX) process.kill(process.pid, "SIGKILL");
      i.handled();
    });
    await api.call("sendMessage", { chat_id: chatId, text: `đã nhận ${textOf(i)}` });
    console.log(`accepted ${i.updateIds.join(",")}`);
  },
});

await channel.configure({ mode: "chat", telegram: { token_env: "TELEGRAM_BOT_TOKEN", chat_id: 42 } } as AgentProfile);
await channel.start();
if (process.env.TG_TESTED) {
  // A token only tested from Connections, then a line that quotes it the way an HTTP request log would.
  const row = CATALOGUE.find((r) => r.check?.kind === "telegram")!;
  await runCheck(row as never, { ...env, TELEGRAM_BOT_TOKEN: process.env.TG_TESTED });
  log(`request GET ${env.TELEGRAM_BASE_URL}/bot${process.env.TG_TESTED}/getMe`);
  log(`request GET ${env.TELEGRAM_BASE_URL}/bot${encodeURIComponent(process.env.TG_TESTED)}/getMe`);
}
console.log("ready");
