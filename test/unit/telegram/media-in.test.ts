// Photos and documents from the owner (L-31, L-33, L-41) against the local Bot API fake: getFile + download
// into a temp master workspace's inbox/, the names, the turn's text for one file and for an album, and a
// failed or oversized download answered without a turn.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { botApi } from "../../../src/telegram/api.ts";
import { mediaIn } from "../../../src/telegram/media-in.ts";
import type { TgMessage } from "../../../src/telegram/types.ts";
import { TTgMedia } from "../../../src/texts/vi-tg-media.ts";
import { FAKE_TOKEN, TelegramFake } from "../../helpers/telegram-fake.ts";

let fake: TelegramFake;
let ws: string;
let logs: string[];
beforeEach(() => {
  fake = new TelegramFake();
  ws = mkdtempSync(join(tmpdir(), "mc-tg-media-"));
  logs = [];
});
afterEach(() => fake.stop());

const AT = new Date("2026-12-01T08:30:05Z");
const media = () => mediaIn({ api: botApi(FAKE_TOKEN, fake.url), workspace: () => ws, log: (l) => void logs.push(l),
  now: () => AT, audioRoutes: () => [], record: () => {} });
const bytes = (s: string) => new TextEncoder().encode(s);
const msg = (over: Partial<TgMessage>): TgMessage => ({ message_id: 1, date: 0, chat: { id: 42, type: "private" },
  ...over });
const inbox = () => (existsSync(join(ws, "inbox")) ? readdirSync(join(ws, "inbox")).sort() : []);

describe("attachments", () => {
  test("a photo: the largest size is saved as inbox/<stamp>-photo.jpg; the text names it, then the caption",
    async () => {
      const small = fake.addFile(bytes("small"), "photos/file_1.jpg");
      const big = fake.addFile(bytes("the big one"), "photos/file_2.jpg");
      const mid = fake.addFile(bytes("middle"), "photos/file_3.jpg");
      const photo = [{ file_id: small, width: 90, height: 60 }, { file_id: big, width: 1280, height: 853 },
        { file_id: mid, width: 320, height: 213 }];
      const out = await media().attachments([msg({ photo, caption: " Hoá đơn tháng 11 " })]);
      const saved = "[Tệp đính kèm đã lưu: inbox/20261201-083005-photo.jpg]";
      expect(out).toEqual({ text: `${saved}\nHoá đơn tháng 11` });
      expect(readFileSync(join(ws, "inbox/20261201-083005-photo.jpg"), "utf8")).toBe("the big one");
      expect(fake.of("getFile").map((c) => c.params.file_id)).toEqual([big]);
    });

  test("a document keeps its own name made plain: no path parts, no leading dot, bounded length", async () => {
    const cases: [string, string][] = [
      ["../../etc/Báo cáo Q3.pdf", "Bao-cao-Q3.pdf"],
      ["..\\..\\.env", "env"],
      [".bashrc", "bashrc"],
      ["Đơn ảnh.png", "Don-anh.png"],
      [`${"x".repeat(200)}.docx`, `${"x".repeat(75)}.docx`],
      ["???", "document.bin"],
    ];
    for (const [file_name, want] of cases) {
      const id = fake.addFile(bytes(file_name), `documents/${file_name.length}.bin`);
      const out = await media().attachments([msg({ document: { file_id: id, file_name } })]);
      expect(out).toEqual({ text: `[Tệp đính kèm đã lưu: inbox/20261201-083005-${want}]` });
    }
  });

  test("the same name in the same second is never overwritten: -2, -3 before the extension", async () => {
    const id = fake.addFile(bytes("a"), "documents/a.txt");
    const paths = [];
    for (let i = 0; i < 3; i++) {
      const out = await media().attachments([msg({ document: { file_id: id, file_name: "notes.txt" } })]);
      paths.push("text" in out ? out.text : out.reply);
    }
    const names = inbox().map((n) => n.replace("20261201-083005-", ""));
    expect(names).toEqual(["notes-2.txt", "notes-3.txt", "notes.txt"]);
    expect(paths[2]).toBe("[Tệp đính kèm đã lưu: inbox/20261201-083005-notes-3.txt]");
  });

  test("an album: one line per saved file in order, then the caption of whichever photo carried it", async () => {
    const ids = [1, 2, 3].map((n) => fake.addFile(bytes(`p${n}`), `photos/p${n}.jpg`));
    const album = ids.map((id, i) => msg({ media_group_id: "g1", photo: [{ file_id: id, width: 10, height: 10 }],
      caption: i === 0 ? "Chuyến đi" : undefined }));
    const out = await media().attachments(album);
    expect(out).toEqual({ text: ["[Tệp đính kèm đã lưu: inbox/20261201-083005-photo.jpg]",
      "[Tệp đính kèm đã lưu: inbox/20261201-083005-photo-2.jpg]",
      "[Tệp đính kèm đã lưu: inbox/20261201-083005-photo-3.jpg]", "Chuyến đi"].join("\n") });
  });

  test("a failed download is a reply, not a turn; an album's earlier files are removed", async () => {
    const ok = fake.addFile(bytes("ok"), "photos/ok.jpg");
    const album = [msg({ photo: [{ file_id: ok, width: 1, height: 1 }] }),
      msg({ photo: [{ file_id: "missing", width: 1, height: 1 }] })];
    expect(await media().attachments(album)).toEqual({ reply: TTgMedia.downloadFailed });
    expect(inbox()).toEqual([]);
    expect(logs.some((l) => l.includes("file missing not saved") && l.includes("invalid file_id"))).toBe(true);
    expect(logs.join("\n")).not.toContain(FAKE_TOKEN);
  });

  test("a file over the bots' 20 MB download limit is refused from its metadata, nothing fetched", async () => {
    const out = await media().attachments([msg({ document: { file_id: "f", file_name: "film.mp4",
      file_size: 25 * 1024 * 1024 } })]);
    expect(out).toEqual({ reply: TTgMedia.fileTooBig("25.0") });
    expect(fake.of("getFile")).toEqual([]);
  });
});
