// Runs the real poll loop (poll.ts) against the Bot API fake with a test handler that accepts like send's
// `mark` does: the handled update ids commit with the accepted message, in one transaction.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../../src/store/db.ts";
import { botApi } from "../../../src/telegram/api.ts";
import { pollLoop, type PollDelays } from "../../../src/telegram/poll.ts";
import type { Incoming } from "../../../src/telegram/types.ts";
import { FAKE_BOT_ID, FAKE_TOKEN, type TelegramFake } from "../../helpers/telegram-fake.ts";

export type Loop = {
  store: Store; offsetFile: string; logs: string[]; got: Incoming[]; stop(): Promise<void>;
  /** Resolves once `n` units were accepted. */
  accepted(n: number): Promise<Incoming[]>;
  /** Resolves once a log line contains `part`. */
  logged(part: string): Promise<void>;
  offsetText(): string;
};

export function startLoop(fake: TelegramFake, o: {
  handler?: (i: Incoming) => Promise<void>; delays?: Partial<PollDelays>; store?: Store; offsetFile?: string;
} = {}): Loop {
  const store = o.store ?? openStore(":memory:");
  store.db.run("CREATE TABLE IF NOT EXISTS accepted (update_id INTEGER PRIMARY KEY, text TEXT)");
  const offsetFile = o.offsetFile ?? join(mkdtempSync(join(tmpdir(), "mc-tg-")), "telegram.offset");
  const logs: string[] = [];
  const got: Incoming[] = [];
  let wake = () => {};
  const accept = async (i: Incoming) => {
    store.tx(() => {
      for (const [k, m] of i.messages.entries()) {
        store.db.query("INSERT INTO accepted (update_id, text) VALUES (?, ?)").run(i.updateIds[k]!, m.text ?? "");
      }
      i.handled();
    });
  };
  const handler = async (i: Incoming) => {
    await (o.handler ?? accept)(i);
    got.push(i);
    wake();
  };
  const abort = new AbortController();
  const loop = pollLoop({
    api: botApi(FAKE_TOKEN, fake.url), botId: FAKE_BOT_ID, chatId: fake.chatId, store, offsetFile, handler,
    log: (l) => (logs.push(l), wake()), signal: abort.signal, delays: { errorMs: [10], ...o.delays },
  });
  return {
    store, offsetFile, logs, got,
    async stop() {
      abort.abort();
      await loop;
    },
    async accepted(n) {
      while (got.length < n) await new Promise<void>((r) => (wake = r));
      return got;
    },
    async logged(part) {
      while (!logs.some((l) => l.includes(part))) await new Promise<void>((r) => (wake = r));
    },
    offsetText: () => readFileSync(offsetFile, "utf8"),
  };
}

export const ids = (store: Store) =>
  store.db.query<{ update_id: number }, []>("SELECT update_id FROM accepted ORDER BY update_id").all()
    .map((r) => r.update_id);
