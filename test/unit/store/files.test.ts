// House rules for src/store: at most 200 lines per file, and ASCII only (Vietnamese text
// lives in the texts modules, never in the store).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dir, "../../../src/store");
const files = readdirSync(DIR).filter((f) => f.endsWith(".ts"));

describe("src/store files", () => {
  test("there are store files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  test.each(files)("%s has at most 200 lines and no non-ASCII characters", (file) => {
    const text = readFileSync(join(DIR, file), "utf8");
    expect(text.split("\n").length - (text.endsWith("\n") ? 1 : 0)).toBeLessThanOrEqual(200);
    expect(text.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
  });
});
