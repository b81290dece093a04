// Voice notes and audio files from the owner (L-34…L-40) against the local Bot API fake and a local
// OpenAI-compatible transcription server: every limit refused from metadata with nothing fetched, no audio
// route explained, the heard text echoed before the turn, the ledger row, and each failure's Vietnamese reason.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LedgerRow } from "../../../src/llm/metered.ts";
import { createOpenAIProvider } from "../../../src/llm/openai.ts";
import type { Route } from "../../../src/llm/types.ts";
import { botApi } from "../../../src/telegram/api.ts";
import { mediaIn } from "../../../src/telegram/media-in.ts";
import type { TgMessage } from "../../../src/telegram/types.ts";
import { TMedia } from "../../../src/texts/vi-media.ts";
import { TTgMedia } from "../../../src/texts/vi-tg-media.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

type Planned = { status: number; body: string } | "hang";
const plan: Planned[] = [];
const heardFiles: string[] = [];
let stt: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  stt = Bun.serve({ hostname: "127.0.0.1", port: 0, async fetch(req) {
    const file = (await req.formData()).get("file");
    heardFiles.push(file instanceof File ? file.name : "");
    const next = plan.shift() ?? { status: 500, body: "{}" };
    if (next === "hang") return new Promise<Response>(() => {});
    return new Response(next.body, { status: next.status, headers: { "content-type": "application/json" } });
  } });
});
afterAll(() => stt.stop(true));

let fake: TelegramFake;
let ws: string;
let logs: string[];
let rows: LedgerRow[];
beforeEach(() => {
  fake = new TelegramFake();
  ws = mkdtempSync(join(tmpdir(), "mc-tg-voice-"));
  logs = [];
  rows = [];
  plan.length = 0;
  heardFiles.length = 0;
});
afterEach(() => fake.stop());

const SECRET = "sk-AUDIO-secret-9999";
const route = (): Route => ({ label: "openai:whisper-1", model: "whisper-1",
  provider: createOpenAIProvider({ name: "openai", baseUrl: `${stt.url}v1`, apiKey: SECRET, audio: true }) });
const media = (routes: Route[] = [route()], transcribeTimeoutMs?: number) => mediaIn({
  api: botApi(FAKE_TOKEN, fake.url), workspace: () => ws, log: (l) => void logs.push(l),
  now: () => new Date("2026-12-01T08:30:05Z"), audioRoutes: () => routes, record: (r) => void rows.push(r),
  transcribeTimeoutMs,
});
const note = (over: Partial<NonNullable<TgMessage["voice"]>> = {}): TgMessage => {
  const file_id = fake.addFile(new TextEncoder().encode("OggS voice"), "voice/file_7.oga");
  return { message_id: 5, date: 0, chat: { id: 42, type: "private" },
    voice: { file_id, duration: 12, mime_type: "audio/ogg", file_size: 10, ...over } };
};
const audio = (file_name: string, mime_type?: string): TgMessage => ({
  message_id: 6, date: 0, chat: { id: 42, type: "private" },
  audio: { file_id: fake.addFile(new Uint8Array([1, 2]), "music/a.bin"), duration: 30, file_name, mime_type },
});
const inbox = () => (existsSync(join(ws, "inbox")) ? readdirSync(join(ws, "inbox")) : []);
const ok = (text: string) => plan.push({ status: 200, body: JSON.stringify({ text,
  usage: { type: "tokens", input_tokens: 50, output_tokens: 8 } }) });

describe("voice notes", () => {
  test("a valid note is saved into inbox/, transcribed, echoed as Đã nghe, and becomes the turn's text",
    async () => {
      ok(" /new nhắc tôi mua sữa ");
      const out = await media().voice(note());
      expect(out).toEqual({ text: "/new nhắc tôi mua sữa" });
      expect(inbox()).toEqual(["20261201-083005-voice.ogg"]);
      expect(heardFiles).toEqual(["20261201-083005-voice.ogg"]);
      expect(fake.sent).toEqual(["Đã nghe: /new nhắc tôi mua sữa"]);
      expect(fake.of("sendMessage")[0]!.params.chat_id).toBe(42);
      expect(rows).toMatchObject([{ purpose: "transcribe", provider: "openai", model: "whisper-1", inputTokens: 50 }]);
    });

  test("limits are read from the metadata: nothing is fetched, nothing transcribed", async () => {
    const refused: [TgMessage, string][] = [
      [note({ duration: 301 }), TTgMedia.voiceTooLong(301)],
      [note({ file_size: 11 * 1024 * 1024 }), TTgMedia.voiceTooLarge("11.0")],
      [audio("bai-hat.webm", "audio/webm"), TTgMedia.voiceFormat("webm")],
      [audio("", "audio/x-ms-wma"), TTgMedia.voiceFormat("audio/x-ms-wma")],
      [note({ mime_type: "video/mp4" }), TTgMedia.voiceFormat("video/mp4")],
    ];
    for (const [message, reply] of refused) expect(await media().voice(message)).toEqual({ reply });
    expect(fake.of("getFile")).toEqual([]);
    expect(heardFiles).toEqual([]);
  });

  test("each accepted format passes, by file name or MIME type; a voice note without MIME is Ogg", async () => {
    const accepted = [audio("a.mp3"), audio("b.M4A"), audio("c.wav"), audio("d.flac"), audio("e.aac"),
      audio("track", "audio/mpeg"), note({ mime_type: undefined })];
    for (const m of accepted) {
      ok("xin chào");
      expect(await media().voice(m)).toEqual({ text: "xin chào" });
    }
    expect(heardFiles.map((n) => n.replace(/^\d{8}-\d{6}-/, ""))).toEqual(
      ["a.mp3", "b.M4A", "c.wav", "d.flac", "e.aac", "voice.mp3", "voice.ogg"]);
  });

  test("no audio route: how to enable it, and no download", async () => {
    expect(await media([]).voice(note())).toEqual({ reply: TMedia.noRoute });
    expect(fake.of("getFile")).toEqual([]);
  });

  test("a transcription past its cap gives the timeout reason and no echo", async () => {
    plan.push("hang");
    expect(await media([route()], 100).voice(note())).toEqual({ reply: TMedia.timeout });
    expect(fake.sent).toEqual([]);
  });

  test("a route error never shows the provider's words; an empty transcript is 'not heard'", async () => {
    plan.push({ status: 401, body: JSON.stringify({ error: { message: `Incorrect API key ${SECRET}` } }) });
    const failed = await media().voice(note());
    expect(failed).toEqual({ reply: TMedia.routeError });
    expect(JSON.stringify(failed)).not.toContain(SECRET);
    ok("   ");
    expect(await media().voice(note())).toEqual({ reply: TMedia.unheard });
    expect(rows.map((r) => r.purpose)).toEqual(["transcribe"]);
    expect(fake.sent).toEqual([]);
  });

  test("a failed download is a reply, no transcription", async () => {
    fake.fail("getFile", 400, "Bad Request: file is too big");
    expect(await media().voice(note())).toEqual({ reply: TTgMedia.downloadFailed });
    expect(heardFiles).toEqual([]);
  });

  test("an echo that cannot be sent is logged; the transcript still becomes the turn", async () => {
    ok("được");
    fake.fail("sendMessage", 500, "Internal Server Error");
    expect(await media().voice(note())).toEqual({ text: "được" });
    expect(logs.some((l) => l.startsWith("telegram: the heard text was not sent"))).toBe(true);
  });
});
