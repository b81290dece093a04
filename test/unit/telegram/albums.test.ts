// Albums (L-41…L-43): consecutive updates of one media_group_id are one unit; a poll that ends inside an
// album asks Telegram again (up to 3 times) for the rest, holding what it has in the ledger first, so a
// crash before the album is handled still finds its first photos though Telegram confirmed them.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { openStore } from "../../../src/store/db.ts";
import { heldUpdates, holdUpdates } from "../../../src/store/telegram-updates.ts";
import type { TgMessage } from "../../../src/telegram/types.ts";
import { FAKE_BOT_ID, TelegramFake } from "../../helpers/telegram-fake.ts";
import { startLoop, type Loop } from "./poll-harness.ts";

let fake: TelegramFake;
let loop: Loop | undefined;
beforeEach(() => (fake = new TelegramFake()));
afterEach(async () => {
  await loop?.stop();
  loop = undefined;
  fake.stop();
});
const photo = (group: string, caption?: string): Partial<TgMessage> => ({
  media_group_id: group, caption, photo: [{ file_id: fake.addFile(new Uint8Array([1])), width: 1, height: 1 }],
});

describe("albums", () => {
  test("a poll ending mid-album re-polls on Telegram and hands the whole album over as one unit", async () => {
    const a = fake.push(photo("g1", "ảnh nhóm"));
    const b = fake.push(photo("g1"));
    loop = startLoop(fake);
    await fake.next(() => fake.of("getUpdates").length >= 2);
    expect(fake.of("getUpdates")[1]!.params).toMatchObject({ offset: b + 1, timeout: 1 });
    const c = fake.push(photo("g1"));
    const text = fake.text("xong album");
    const got = await loop.accepted(2);
    expect(got.map((i) => i.updateIds)).toEqual([[a, b, c], [text]]);
    expect(got[0]!.messages[0]!.caption).toBe("ảnh nhóm");
  });

  test("after three re-polls without the rest, the half album is handed over", async () => {
    const a = fake.push(photo("g2"));
    const b = fake.push(photo("g2"));
    let polls = 0;
    loop = startLoop(fake, {
      delays: { albumWaitS: 0 },
      handler: async (i) => {
        polls = fake.of("getUpdates").length;
        i.handled();
      },
    });
    const [got] = await loop.accepted(1);
    expect(got!.updateIds).toEqual([a, b]);
    expect(polls).toBe(4);
  });

  test("held photos of an album (Telegram confirmed them before a crash) are handed over with the rest", async () => {
    const store = openStore(":memory:");
    const lost = { update_id: 900, message: { message_id: 1, date: 0, chat: { id: 42, type: "private" }, ...photo("g3") } };
    holdUpdates(store, FAKE_BOT_ID, [lost as never]);
    const rest = fake.push(photo("g3"));
    loop = startLoop(fake, { store, delays: { albumWaitS: 0 } });
    const [got] = await loop.accepted(1);
    expect(got!.updateIds).toEqual([900, rest]);
    expect(heldUpdates(store, FAKE_BOT_ID)).toEqual([]);
  });
});
