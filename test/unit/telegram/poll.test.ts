// The poll loop against the Bot API fake: the offset file names the first unhandled update while it is
// handled, other chats are ignored and logged (L-20), a failing handler is tried twice then skipped, a
// 409 is retried (L-79), and nothing is handed over twice (★ exactly once).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../../src/store/db.ts";
import { beginAttempt, handledAmong, markHandled } from "../../../src/store/telegram-updates.ts";
import { FAKE_BOT_ID, TelegramFake } from "../../helpers/telegram-fake.ts";
import { ids, startLoop, type Loop } from "./poll-harness.ts";

let fake: TelegramFake;
let loop: Loop | undefined;
beforeEach(() => (fake = new TelegramFake()));
afterEach(async () => {
  await loop?.stop();
  loop = undefined;
  fake.stop();
});

describe("poll loop", () => {
  test("hands a message over with the offset file on its own id, then confirms it", async () => {
    const seen: string[] = [];
    const id = fake.text("xin chào");
    loop = startLoop(fake, {
      handler: async (i) => {
        seen.push(loop!.offsetText());
        i.handled();
      },
    });
    const [got] = await loop.accepted(1);
    expect(got!.updateIds).toEqual([id]);
    expect(got!.messages[0]!.text).toBe("xin chào");
    expect(seen).toEqual([`${FAKE_BOT_ID} ${id}\n`]);
    await fake.next((c) => c.method === "getUpdates" && Number(c.params.offset) === id + 1);
    expect(fake.confirmedBelow).toBe(id + 1);
    expect(loop.offsetText()).toBe(`${FAKE_BOT_ID} ${id + 1}\n`);
    expect(handledAmong(loop.store, FAKE_BOT_ID, [id])).toEqual(new Set([id]));
  });

  test("an update from another chat is ignored and logged", async () => {
    fake.text("lạ", 777);
    const mine = fake.text("của tôi");
    loop = startLoop(fake);
    const got = await loop.accepted(1);
    expect(got.map((i) => i.updateIds)).toEqual([[mine]]);
    expect(loop.logs).toContain("telegram: ignored an update from chat 777");
  });

  test("updates already in the ledger are skipped, not handed over again", async () => {
    const first = fake.text("một");
    const second = fake.text("hai");
    const store = openStore(":memory:");
    markHandled(store, FAKE_BOT_ID, [first]);
    loop = startLoop(fake, { store });
    await loop.accepted(1);
    expect(ids(loop.store)).toEqual([second]);
  });

  test("a failing handler is tried again; one that fails twice is skipped and logged", async () => {
    const flaky = fake.text("lần hai được");
    const poison = fake.text("luôn hỏng");
    const after = fake.text("sau đó");
    let tries = 0;
    loop = startLoop(fake, {
      handler: async (i) => {
        const text = i.messages[0]!.text;
        if (text === "luôn hỏng" || (text === "lần hai được" && tries++ === 0)) throw new Error("boom");
        i.handled();
      },
    });
    const got = await loop.accepted(2);
    expect(got.map((i) => i.updateIds[0])).toEqual([flaky, after]);
    expect(loop.logs).toContain(`telegram: update ${poison} not handled: boom`);
    expect(loop.logs.some((l) => l.startsWith(`telegram: update ${poison} skipped`))).toBe(true);
    expect(handledAmong(loop.store, FAKE_BOT_ID, [poison]).has(poison)).toBe(true);
  });

  test("an update begun twice before (two crashes while handling it) is skipped at once", async () => {
    const store = openStore(":memory:");
    const id = fake.text("giết tiến trình");
    beginAttempt(store, FAKE_BOT_ID, [id]);
    beginAttempt(store, FAKE_BOT_ID, [id]);
    const next = fake.text("tiếp");
    loop = startLoop(fake, { store });
    await loop.accepted(1);
    expect(ids(loop.store)).toEqual([next]);
    expect(loop.logs.some((l) => l.startsWith(`telegram: update ${id} skipped`))).toBe(true);
  });

  test("409: logs that another poller holds the bot and polls again after the (injected) pause", async () => {
    fake.conflict = true;
    loop = startLoop(fake, { delays: { conflictMs: 20 } });
    await fake.next(() => fake.of("getUpdates").length >= 3);
    expect(loop.logs.filter((l) => l.includes("another poller holds this bot"))).toHaveLength(1);
    fake.conflict = false;
    const id = fake.text("đã thông");
    await loop.accepted(1);
    expect(ids(loop.store)).toEqual([id]);
  });

  test("a failing store or offset file is logged and the message handled once it works again", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "mc-tgf-")), "gone");
    const id = fake.text("sau sự cố");
    loop = startLoop(fake, { offsetFile: join(dir, "telegram.offset") });
    await loop.logged("ENOENT");
    expect(loop.got).toEqual([]);
    mkdirSync(dir);
    await loop.accepted(1);
    expect(ids(loop.store)).toEqual([id]);
  });

  test("stopping cuts an idle long poll and ends the loop", async () => {
    loop = startLoop(fake);
    await fake.next((c) => c.method === "getUpdates");
    await loop.stop();
    loop = undefined;
    const id = fake.text("sau khi dừng");
    expect(fake.confirmedBelow).toBeLessThan(id);
  });
});
