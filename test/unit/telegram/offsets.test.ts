// telegram.offset (L-78): "<bot id> <offset>"; another bot's file, a missing or a garbled one start from 0.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readOffset, writeOffset } from "../../../src/telegram/offsets.ts";

const file = () => join(mkdtempSync(join(tmpdir(), "mc-off-")), "telegram.offset");

describe("telegram.offset", () => {
  test("is written as '<bot id> <offset>' and read back for that bot", () => {
    const f = file();
    writeOffset(f, 123456, 1007);
    expect(readFileSync(f, "utf8")).toBe("123456 1007\n");
    expect(readOffset(f, 123456)).toBe(1007);
  });

  test("another bot's file, a missing file and a garbled one mean start from 0", () => {
    const f = file();
    expect(readOffset(f, 1)).toBe(0);
    writeOffset(f, 999, 50);
    expect(readOffset(f, 123456)).toBe(0);
    writeFileSync(f, "junk");
    expect(readOffset(f, 999)).toBe(0);
  });
});
