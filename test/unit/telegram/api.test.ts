// The Bot API client against the local fake: calls, long polls with offsets, uploads, downloads, and
// errors that never carry the token (L-80, L-85).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { botApi } from "../../../src/telegram/api.ts";
import { TelegramError, type TgUpdate } from "../../../src/telegram/types.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

let fake: TelegramFake;
beforeEach(() => (fake = new TelegramFake()));
afterEach(() => fake.stop());
const failure = (p: Promise<unknown>) =>
  p.then(() => Promise.reject(new Error("expected a failure")), (e) => e as TelegramError);

describe("botApi", () => {
  test("calls a method and returns its result", async () => {
    const me = await botApi(FAKE_TOKEN, fake.url).call<{ id: number }>("getMe");
    expect(me.id).toBe(123456);
    expect(fake.of("getMe")).toHaveLength(1);
  });

  test("a long poll answers when an update arrives; an offset confirms everything below it", async () => {
    const api = botApi(FAKE_TOKEN, fake.url);
    const poll = api.call<TgUpdate[]>("getUpdates", { offset: 0, timeout: 25 });
    await fake.next((c) => c.method === "getUpdates");
    const id = fake.text("xin chào");
    const got = await poll;
    expect(got.map((u) => u.update_id)).toEqual([id]);
    expect(await api.call<TgUpdate[]>("getUpdates", { offset: id + 1, timeout: 0 })).toEqual([]);
    expect(fake.confirmedBelow).toBe(id + 1);
  });

  test("uploads a file and downloads one", async () => {
    const api = botApi(FAKE_TOKEN, fake.url);
    const data = new TextEncoder().encode("hello");
    await api.upload("sendDocument", { chat_id: 42 }, { field: "document", name: "a.txt", data });
    expect(fake.of("sendDocument")[0]!.files[0]!.name).toBe("a.txt");
    const id = fake.addFile(new Uint8Array([1, 2, 3]), "photos/x.jpg");
    const file = await api.call<{ file_path: string }>("getFile", { file_id: id });
    expect([...(await api.download(file.file_path))]).toEqual([1, 2, 3]);
  });

  test("errors carry status and Telegram's words, never the token", async () => {
    fake.fail("sendMessage", 400, `Bad Request: chat not found for ${FAKE_TOKEN}`);
    const err = await failure(botApi(FAKE_TOKEN, fake.url).call("sendMessage", { chat_id: 1, text: "x" }));
    expect(err).toBeInstanceOf(TelegramError);
    expect(err.status).toBe(400);
    expect(err.message).toContain("<token>");
    expect(err.message).not.toContain(FAKE_TOKEN);
    const wrong = await failure(botApi("999:wrong", fake.url).call("getMe"));
    expect(wrong.status).toBe(401);
  });

  test("a network failure names no URL with the token; a 409 is a conflict", async () => {
    const dead = await failure(botApi(FAKE_TOKEN, "http://127.0.0.1:1").call("getMe"));
    expect(dead.status).toBe(0);
    expect(String(dead.message)).not.toContain(FAKE_TOKEN);
    fake.conflict = true;
    const busy = await failure(botApi(FAKE_TOKEN, fake.url).call("getUpdates", { timeout: 0 }));
    expect(busy.conflict).toBe(true);
  });

  test("a call past its time limit fails as a timeout", async () => {
    const err = await failure(botApi(FAKE_TOKEN, fake.url).call("getUpdates", { timeout: 5 }, { timeoutMs: 50 }));
    expect(err.status).toBe(0);
    expect(err.description).toBe("timed out");
  });
});
