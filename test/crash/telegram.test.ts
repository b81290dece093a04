// ★ Exactly once across a SIGKILL in each phase of handling an update (issue 14, deliverable 9): a real
// process (telegram-child.ts: the real channel, poller, ledger and store) is killed at each crash point,
// started again on the same directory, and every update is then accepted once and answered once.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore } from "../../src/store/db.ts";
import type { TgMessage } from "../../src/telegram/types.ts";
import { spawnChild, stop, stopAll, tempDir, watchText } from "../helpers/binary.ts";
import { FAKE_TOKEN, TelegramFake } from "../helpers/telegram-fake.ts";

afterAll(stopAll);
const CHILD = join(import.meta.dir, "..", "helpers", "telegram-child.ts");

function child(dir: string, fake: TelegramFake, extra: Record<string, string> = {}, until = /ready/) {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", TG_DIR: dir, TG_TOKEN: FAKE_TOKEN, TG_BASE: fake.url, ...extra };
  const proc = spawnChild([process.execPath, CHILD], { env });
  return { proc, out: watchText(proc.stdout, until), err: watchText(proc.stderr, /$^/) };
}

const photo = (fake: TelegramFake, caption: string): Partial<TgMessage> => ({
  media_group_id: "album", caption, photo: [{ file_id: fake.addFile(new Uint8Array([1])), width: 1, height: 1 }],
});

const PHASES: { name: string; env: Record<string, string>; album?: boolean }[] = [
  { name: "after telegram.offset names the update", env: { MY_CREW_CRASH_AT: "telegram-offset:2" } },
  { name: "after the attempt is counted, before the handler", env: { MY_CREW_CRASH_AT: "telegram-begun:2" } },
  { name: "inside the accepting transaction", env: { CRASH_IN_TX: "hai" } },
  { name: "after the accept and the reply", env: { MY_CREW_CRASH_AT: "telegram-accepted:2" } },
  { name: "mid-album, after a re-poll confirmed it at Telegram", env: { MY_CREW_CRASH_AT: "telegram-held:2" }, album: true },
];

describe("a SIGKILL in each phase: 0 lost, 0 duplicated", () => {
  for (const phase of PHASES) {
    test(phase.name, async () => {
      const fake = new TelegramFake();
      const dir = tempDir("tg-crash");
      let second: ReturnType<typeof child> | undefined;
      try {
        const ids = [fake.text("một")];
        if (phase.album) ids.push(fake.push(photo(fake, "ảnh 1")), fake.push(photo(fake, "ảnh 2")));
        else ids.push(fake.text("hai"), fake.text("ba"));
        const first = child(dir, fake, phase.env);
        await first.proc.exited;
        expect(first.proc.signalCode).toBe("SIGKILL");
        const before = fake.calls.length;
        const last = ids[ids.length - 1]!;
        // Mid-album, Telegram no longer has the album: only the ledger's held copy can bring it back.
        if (phase.album) expect(fake.confirmedBelow).toBe(last + 1);
        second = child(dir, fake, {}, new RegExp(`accepted [\\d,]*\\b${last}\\b`));
        expect(await second.out.seen).not.toBeNull();
        // Then it confirms everything at Telegram by asking for what comes after the last update.
        const confirms = (c: { method: string; params: Record<string, unknown> }) =>
          c.method === "getUpdates" && Number(c.params.offset) > last && fake.calls.indexOf(c as never) >= before;
        await fake.next(confirms);
        const store = openStore(join(dir, "my-crew.db"));
        const rows = store.db.query<{ id: number; n: number }, []>(
          "SELECT update_id AS id, count(*) AS n FROM accepted GROUP BY update_id ORDER BY update_id",
        ).all();
        store.close();
        expect(rows).toEqual(ids.map((id) => ({ id, n: 1 })));
        const replies = phase.album ? ["đã nhận một", "đã nhận ảnh 1|ảnh 2"] : ["một", "hai", "ba"].map((t) => `đã nhận ${t}`);
        expect([...fake.sent].sort()).toEqual([...replies].sort());
      } finally {
        if (second) await stop(second.proc);
        fake.stop();
      }
    }, 60_000);
  }
});
