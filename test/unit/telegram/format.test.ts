// The chat's text shaping (L-26…L-29, L-75): a table of input → output for the Markdown stripping,
// chunking at 4 096 characters on line boundaries, and attachment lines pulled out.
import { describe, expect, test } from "bun:test";
import { chunkText, CHUNK_MAX, pullAttachments, shapeReply, stripMarkdown } from "../../../src/telegram/format.ts";

const TABLE: [string, string][] = [
  ["**đậm** và *nghiêng*", "đậm và nghiêng"],
  ["2*3 = 6", "2*3 = 6"],
  ["a*b*c", "a*b*c"],
  ["2*3*4 và 5 * 6", "2*3*4 và 5 * 6"],
  ["**Nhắc hạn**: nộp thuế", "Nhắc hạn: nộp thuế"],
  ["# Tiêu đề", "Tiêu đề"],
  ["### Mục nhỏ", "Mục nhỏ"],
  ["số #1 trong câu", "số #1 trong câu"],
  ["#hashtag", "#hashtag"],
  ["trên\n---\ndưới", "trên\n\ndưới"],
  ["a --- b", "a --- b"],
  ["| Tên | Giá |\n|---|---|\n| Phở | 50k |", "Tên · Giá\nPhở · 50k"],
  ["| a | b |\n| :--- | ---: |\n| **x** | y |", "a · b\nx · y"],
  ["giá | không phải bảng", "giá | không phải bảng"],
  ["* mục một\n* mục hai", "* mục một\n* mục hai"],
  ["không có gì", "không có gì"],
];

describe("stripMarkdown", () => {
  for (const [input, output] of TABLE) {
    test(JSON.stringify(input), () => expect(stripMarkdown(input)).toBe(output));
  }
});

describe("chunkText", () => {
  test("a short text is one chunk", () => expect(chunkText("xin chào")).toEqual(["xin chào"]));

  test("chunks are at most 4 096 characters and split between lines", () => {
    const line = "x".repeat(1000);
    const text = Array.from({ length: 9 }, () => line).join("\n");
    const chunks = chunkText(text);
    expect(chunks.every((c) => c.length <= CHUNK_MAX)).toBe(true);
    expect(chunks.map((c) => c.split("\n").length)).toEqual([4, 4, 1]);
    expect(chunks.join("\n")).toBe(text);
  });

  test("a line longer than a chunk is cut, at a space where there is one", () => {
    const words = Array.from({ length: 1500 }, (_, i) => `từ${i}`).join(" ");
    const chunks = chunkText(words);
    expect(chunks.every((c) => c.length <= CHUNK_MAX)).toBe(true);
    expect(chunks.join("")).toBe(words);
    expect(chunks[0]!.endsWith(" ")).toBe(true);
    const solid = "y".repeat(CHUNK_MAX * 2 + 5);
    expect(chunkText(solid).map((c) => c.length)).toEqual([CHUNK_MAX, CHUNK_MAX, 5]);
  });

  test("an empty text has no chunk", () => expect(chunkText("\n\n")).toEqual([]));
});

describe("attachments", () => {
  test("MEDIA: and FILE: lines leave the text, in order", () => {
    const out = pullAttachments("Biểu đồ đây:\nMEDIA: charts/sleep.png\nFILE: artifact:abc\nHết.");
    expect(out.text).toBe("Biểu đồ đây:\nHết.");
    expect(out.attachments).toEqual([
      { kind: "MEDIA", path: "charts/sleep.png" },
      { kind: "FILE", path: "artifact:abc" },
    ]);
  });

  test("shapeReply strips and chunks the text without its attachment lines", () => {
    const out = shapeReply("**Xong**\nMEDIA: a.png");
    expect(out).toEqual({ chunks: ["Xong"], attachments: [{ kind: "MEDIA", path: "a.png" }] });
  });
});
