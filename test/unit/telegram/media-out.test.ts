// Files an answer names (L-29, L-46…L-49) and what the router does with incoming media (L-33, L-37):
// MEDIA: photos and documents from the workspace, a refused photo sent again as a document, missing and
// outside paths as a notice, canvases as text files; captions and transcripts never read as commands.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { imageContent } from "../../../src/models/canvases.ts";
import { createCanvas } from "../../../src/store/canvases.ts";
import { listMessages } from "../../../src/store/messages.ts";
import { T_TG } from "../../../src/texts/vi-tg-chat.ts";
import { chatHarness } from "./chat-harness.ts";

let h: Awaited<ReturnType<typeof chatHarness>>;
afterEach(async () => await h?.stop());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function withFiles() {
  h = await chatHarness();
  const ws = h.t.runtime.crew().get("default")!.workspace;
  mkdirSync(join(ws, "charts"), { recursive: true });
  writeFileSync(join(ws, "charts", "sleep.png"), PNG);
  writeFileSync(join(ws, "report.pdf"), "%PDF-1.4");
  return ws;
}

describe("files out", () => {
  test("MEDIA: lines leave the text; an image goes by sendPhoto, another file by sendDocument", async () => {
    await withFiles();
    await h.say("Biểu đồ đây:\nMEDIA: charts/sleep.png\nFILE: report.pdf");
    await h.fake.next((c) => c.method === "sendDocument");
    expect(h.fake.sent).toEqual(["Biểu đồ đây:"]);
    const photo = h.fake.of("sendPhoto")[0]!;
    expect(photo.files[0]!.name).toBe("sleep.png");
    expect(photo.params.chat_id).toBe("42");
    expect(h.fake.of("sendDocument")[0]!.files[0]!.name).toBe("report.pdf");
  });

  test("a photo Telegram refuses goes again as a document", async () => {
    await withFiles();
    h.fake.refusePhotos = true;
    await h.say("MEDIA: charts/sleep.png");
    const doc = await h.fake.next((c) => c.method === "sendDocument");
    expect(doc.files[0]!.name).toBe("sleep.png");
    expect(h.fake.sent).toEqual([]);
  });

  test("a missing file and a path outside the workspace get a notice and no upload", async () => {
    await withFiles();
    await h.say("MEDIA: nope.png\nMEDIA: ../../../../etc/hostname");
    const sent = await h.sent(2);
    expect(sent).toEqual([T_TG.mediaMissing("nope.png"), T_TG.mediaMissing("../../../../etc/hostname")]);
    expect(h.fake.of("sendPhoto").length + h.fake.of("sendDocument").length).toBe(0);
  });

  test("FILE: artifact:<id> sends the canvas's latest version, secrets masked; a wrong id gets a notice", async () => {
    h = await chatHarness();
    const canvas = createCanvas(h.t.store, {
      agentId: "default", title: "Kế hoạch", kind: "markdown", author: "agent",
      content: "# Tuần này\nkhoá: tok-secret-value-123 và sk-abcdefghijklmnop",
    });
    await h.say(`FILE: artifact:${canvas.id}\nFILE: artifact:khong-co`);
    const doc = await h.fake.next((c) => c.method === "sendDocument");
    expect(doc.files[0]!.name).toBe("Kế hoạch.md");
    expect(doc.params.caption).toBe(T_TG.canvasCaption("Kế hoạch", 1));
    // Secrets leave the machine masked (L-54).
    expect(new TextDecoder().decode(doc.files[0]!.bytes)).toBe("# Tuần này\nkhoá: [đã che] và [đã che]");
    expect(await h.sent(1)).toEqual([T_TG.canvasMissing("khong-co")]);
  });

  test("FILE: artifact:<id> of an image canvas goes as a photo under its real extension; html as .html.txt", async () => {
    h = await chatHarness();
    const make = (title: string, kind: "image" | "html", content: string) =>
      createCanvas(h.t.store, { agentId: "default", title, kind, author: "agent", content });
    const chart = make("Biểu đồ", "image", imageContent("image/png", PNG));
    const page = make("Trang", "html", "<script>alert(1)</script>");
    await h.say(`MEDIA: artifact:${chart.id}\nFILE: artifact:${page.id}`);
    const doc = await h.fake.next((c) => c.method === "sendDocument");
    const photo = h.fake.of("sendPhoto")[0]!;
    expect(photo.files[0]!.name).toBe("Biểu đồ.png");
    expect(photo.files[0]!.bytes).toEqual(PNG);
    expect(photo.params.caption).toBe(T_TG.canvasCaption("Biểu đồ", 1));
    expect(doc.files[0]!.name).toBe("Trang.html.txt");
  });
});

describe("media in", () => {
  test("a caption is never a command: the saved paths and the caption go to the model", async () => {
    h = await chatHarness();
    await h.hand({ photo: [{ file_id: "p", width: 1, height: 1 }], caption: "/new" });
    expect(await h.sent(1)).toEqual(["[saved: inbox/a.jpg]\n/new"]);
    expect(h.handled).toHaveLength(1);
  });

  test("a transcript is never /steer; a refused voice note is answered without a turn", async () => {
    h = await chatHarness();
    await h.hand({ voice: { file_id: "v", duration: 4 } });
    expect(await h.sent(1)).toEqual(["/steer nghe được"]);
    const users = listMessages(h.t.store, h.chat.current()!.id).filter((m) => m.role === "user");
    expect(users.map((m) => m.content)).toEqual(["/steer nghe được"]);
    await h.chat.settle(10_000);
    await h.hand({ voice: { file_id: "w", duration: 400 } });
    expect((await h.sent(2)).at(-1)).toBe("quá dài");
    expect(h.handled).toHaveLength(2);
  });
});
