// The outbox (issue 14 ★ exactly once, L-24, L-25, L-62, L-65): a reply rebuilt from the store sends
// only what was not sent before; a job's delivery sent twice sends once; an empty turn says so with its
// step count; a failed turn says only that it failed.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { TurnResult } from "../../../src/agent/events.ts";
import { createConversation } from "../../../src/store/conversations.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { appendMessage } from "../../../src/store/messages.ts";
import { createRun } from "../../../src/store/runs.ts";
import { botApi } from "../../../src/telegram/api.ts";
import { Outbox } from "../../../src/telegram/outbox.ts";
import { replyPieces } from "../../../src/telegram/reply.ts";
import { T } from "../../../src/texts/vi.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import type { Crew } from "../../../src/turns/crew.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

let fake: TelegramFake;
let store: Store;
let outbox: Outbox;
const logs: string[] = [];
const crew = (() => ({ get: () => ({ workspace: "/nonexistent" }) })) as unknown as () => Crew;
beforeEach(() => {
  fake = new TelegramFake();
  store = openStore(":memory:");
  const api = botApi(FAKE_TOKEN, fake.url);
  outbox = new Outbox({ api, store, chatId: 42, log: (l) => logs.push(l), redact: (t) => t });
});
afterEach(() => fake.stop());

const result = (r: Partial<TurnResult>): TurnResult => ({ runId: "r", status: "done", text: "", steps: 1, ...r });

function turn() {
  const conv = createConversation(store, { agentId: "default", channel: "telegram:42", source: "telegram" });
  appendMessage(store, { conversationId: conv.id, role: "user", content: "hỏi" });
  const run = createRun(store, { agentId: "default", source: "telegram", conversationId: conv.id, afterSeq: 0 });
  const say = (content: string) => appendMessage(store, { conversationId: conv.id, role: "assistant", content });
  return { conv, run, say };
}

describe("a rebuilt reply", () => {
  test("sends only the pieces not sent before, in order (a continuation, a resumed turn)", async () => {
    const { run, say } = turn();
    say("**Phần một**");
    await outbox.send(run.id, replyPieces({ store, crew }, run, result({ status: "approval_required" })));
    expect(fake.sent).toEqual(["Phần một", T.noticeApproval]);
    say("Phần hai");
    say("x".repeat(5000));
    await outbox.send(run.id, replyPieces({ store, crew }, run, result({ status: "done" })));
    expect(fake.sent.slice(2)).toEqual(["Phần hai", "x".repeat(4096), "x".repeat(904)]);
    // Rebuilt once more (a second resume): nothing new.
    await outbox.send(run.id, replyPieces({ store, crew }, run, result({ status: "done" })));
    expect(fake.sent).toHaveLength(5);
  });

  test("a piece Telegram refused is sent again next time; what it accepted is not", async () => {
    const { run, say } = turn();
    say("một");
    say("hai");
    fake.fail("sendMessage", 500, "Internal Server Error", 1);
    await outbox.send(run.id, replyPieces({ store, crew }, run, result({}))).catch(() => {});
    await outbox.send(run.id, replyPieces({ store, crew }, run, result({})));
    expect(fake.sent).toEqual(["một", "một", "hai"]);
    expect(fake.of("sendMessage").filter((c) => c.params.text === "một")).toHaveLength(2);
  });

  test("a turn without text says so with its step count; a failed turn says only its error type", async () => {
    const a = turn();
    expect(replyPieces({ store, crew }, a.run, result({ steps: 3 })).map((p) => "text" in p && p.text))
      .toEqual([T_TG.empty(3)]);
    const b = turn();
    b.say("đã làm được một nửa");
    const failed = result({ status: "error", text: "secret detail", errorType: "TypeError" });
    const texts = replyPieces({ store, crew }, b.run, failed).map((p) => "text" in p && p.text);
    expect(texts).toEqual(["đã làm được một nửa", `${T.noticeError} ${T_TG.errorType("TypeError")}`]);
    const untyped = replyPieces({ store, crew }, b.run, result({ status: "error" })).map((p) => "text" in p && p.text);
    expect(untyped.at(-1)).toBe(T.noticeError);
    const halted = replyPieces({ store, crew }, b.run, result({ status: "halted", haltReason: "budget" }));
    expect(halted.map((p) => "text" in p && p.text).at(-1)).toBe(T.noticeHalted.budget);
  });
});

describe("deliver", () => {
  test("a job's answer: prefixed, stripped, chunked, sent once per key", async () => {
    await outbox.deliver("**Sáng nay** ngủ 7 giờ", { key: "run-1", workspace: "/nonexistent", prefix: "[HLV]" });
    await outbox.deliver("**Sáng nay** ngủ 7 giờ", { key: "run-1", workspace: "/nonexistent", prefix: "[HLV]" });
    expect(fake.sent).toEqual(["[HLV] Sáng nay ngủ 7 giờ"]);
    await outbox.deliver("Bị cắt ngắn", { key: "run-1", workspace: "/nonexistent" });
    expect(fake.sent).toEqual(["[HLV] Sáng nay ngủ 7 giờ", "Bị cắt ngắn"]);
  });

  test("a failed send rejects, so the caller can log the delivery as failed", async () => {
    fake.fail("sendMessage", 400, "Bad Request: chat not found");
    const err = await outbox.deliver("x", { key: "run-2", workspace: "/nonexistent" }).catch((e: Error) => e);
    expect(String(err)).toContain("chat not found");
  });
});

test("two sends of one reply at once send each piece once", async () => {
  const { run, say } = turn();
  say("một");
  say("hai");
  const pieces = replyPieces({ store, crew }, run, result({}));
  await Promise.all([outbox.send(run.id, pieces), outbox.send(run.id, pieces)]);
  expect(fake.sent).toEqual(["một", "hai"]);
});

test("a runtime notice is stripped like every message, and an attachment-shaped line in it sends no file", async () => {
  await outbox.notice('Lịch "**Nhắc hạn**" gặp lỗi khi chạy:\nMEDIA: /etc/hostname\n2*3 lần');
  expect(fake.sent).toEqual(['Lịch "Nhắc hạn" gặp lỗi khi chạy:\nMEDIA: /etc/hostname\n2*3 lần']);
  expect(fake.of("sendPhoto").length + fake.of("sendDocument").length).toBe(0);
});

test("a file named by several messages of a run is sent once per reply", () => {
  const { run, say } = turn();
  say("Ảnh:\nMEDIA: a.png");
  say("Lại ảnh đó:\nMEDIA: a.png\nMEDIA: b.png");
  const pieces = replyPieces({ store, crew }, run, result({}));
  const files = pieces.flatMap((p) => ("attachment" in p ? [p.attachment.path] : []));
  expect(files).toEqual(["a.png", "b.png"]);
});
