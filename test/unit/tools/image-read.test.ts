// image_read (H-16): a workspace image (inbox/ included), recognised by its bytes, sent with the question
// to the vision route (the scripted fake) as a completion charged to the conversation; bad inputs and a
// missing vision route are sentences the model can act on.
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { visionReader } from "../../../src/agent/vision.ts";
import { scriptedProvider, type ScriptedReply } from "../../../src/llm/fake.ts";
import type { LedgerRow } from "../../../src/llm/metered.ts";
import { imageMime } from "../../../src/tools/image-kind.ts";
import { IMAGE_MAX_BYTES, imageRead } from "../../../src/tools/image-read.ts";
import { encodePng } from "../../../src/tools/png.ts";
import { context, failure, put, run, tempDir } from "./helpers.ts";

const png = encodePng({ width: 2, height: 1, channels: 3, data: new Uint8Array([255, 0, 0, 0, 0, 255]) });
const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

function withVision(plan: ScriptedReply[]) {
  const provider = scriptedProvider(plan, "vision");
  const rows: LedgerRow[] = [];
  const charges: (number | null)[] = [];
  const vision = visionReader([{ label: "vision:v1", provider, model: "v1" }], (r) => rows.push(r),
    (c) => charges.push(c));
  return { provider, rows, charges, vision };
}

describe("image_read", () => {
  test("an image in inbox/ goes with the question to the vision route; its answer is the result, charged", async () => {
    const ws = tempDir();
    put(ws, { "inbox/photo.jpg": png });
    const v = withVision([{ text: "A red and a blue pixel.", usage: { costUsd: 0.001 } }]);
    const ctx = context(ws, { vision: v.vision });
    const out = await run(imageRead, { path: "inbox/photo.jpg", question: "What colours?" }, ctx);
    expect(out).toBe("A red and a blue pixel.");
    const m = v.provider.requests[0]!.messages[0]!;
    // The MIME type comes from the bytes (PNG), not the .jpg name.
    expect(m).toEqual({ role: "user", content: "What colours?", images: [{ mime: "image/png",
      data: png.toString("base64") }] });
    expect(v.rows.map((r) => r.purpose)).toEqual(["image"]);
    expect(v.charges).toEqual([0.001]);
  });

  test("the formats are told by their first bytes: PNG, JPEG, GIF, WebP; nothing else", () => {
    expect(imageMime(png)).toBe("image/png");
    expect(imageMime(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    const jpeg = readFileSync(join(import.meta.dir, "..", "..", "fixtures", "pdf", "scan.jpg"));
    expect(imageMime(jpeg)).toBe("image/jpeg");
    expect(imageMime(ascii("GIF89a...."))).toBe("image/gif");
    expect(imageMime(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageMime(ascii("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(imageMime(ascii("%PDF-1.4"))).toBeNull();
    expect(imageMime(bytes(0x89, 0x50))).toBeNull();
  });

  test("not an image, too big, missing, a folder, outside the workspace: each a sentence, no model call", async () => {
    const ws = tempDir();
    put(ws, { "fake.png": "<html>not an image</html>", "dir/x.txt": "x" });
    writeFileSync(join(ws, "huge.png"), Buffer.alloc(IMAGE_MAX_BYTES + 1));
    const v = withVision([]);
    const ctx = context(ws, { vision: v.vision });
    const ask = (path: string) => failure(imageRead, { path, question: "?" }, ctx);
    expect(await ask("fake.png")).toStartWith("fake.png is not an image this tool can read");
    expect(await ask("huge.png")).toStartWith("huge.png is 10.0 MB, over the 10.0 MB limit");
    expect(await ask("gone.png")).toStartWith("No file at gone.png");
    expect(await ask("dir")).toStartWith("dir is a directory");
    expect(await imageRead.refuse!({ path: "/etc/passwd", question: "?" } as never, ctx)).toContain("outside");
    expect(v.provider.requests.length).toBe(0);
  });

  test("no vision route: the result says how to configure vision_routes; a failing route is an error", async () => {
    const ws = tempDir();
    put(ws, { "a.png": png });
    const none = await run(imageRead, { path: "a.png", question: "?" }, context(ws));
    expect(none).toContain("vision_routes");
    const v = withVision([{ error: { message: "HTTP 400: image too large" } }]);
    expect(await failure(imageRead, { path: "a.png", question: "?" }, context(ws, { vision: v.vision })))
      .toBe("The vision model could not read a.png: HTTP 400: image too large");
    expect(imageRead.requiresApproval).toBe(false);
    expect(imageRead.replaySafe).toBe(true);
  });
});
