import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvFileError, loadEnvFile, parseEnvFile } from "../../src/config/env-file.ts";

describe("<home>/env", () => {
  test("parses names, comments, export and quotes", () => {
    const text = '# secrets\nOPENAI_API_KEY=sk-abc\nexport A="x y"\nB=\'z\'\n\nC=with=equals\n';
    expect(parseEnvFile(text, "env")).toEqual({ OPENAI_API_KEY: "sk-abc", A: "x y", B: "z", C: "with=equals" });
  });

  test("a malformed line is an error naming the file and line, not the value", () => {
    expect(() => parseEnvFile("A=1\nthis is not a pair sk-secret\n", "/h/env")).toThrow(EnvFileError);
    try {
      parseEnvFile("A=1\nthis is not a pair sk-secret\n", "/h/env");
    } catch (e) {
      expect((e as Error).message).toStartWith("/h/env:2:");
      expect((e as Error).message).not.toContain("sk-secret");
    }
  });

  test("loads into the environment without overriding what is already set; missing file is fine", () => {
    const dir = mkdtempSync(join(tmpdir(), "mc-env-"));
    writeFileSync(join(dir, "env"), "FROM_FILE=1\nALREADY=file\n");
    const env: Record<string, string | undefined> = { ALREADY: "shell" };
    expect(loadEnvFile(join(dir, "env"), env)).toEqual(["FROM_FILE"]);
    expect(env).toEqual({ ALREADY: "shell", FROM_FILE: "1" });
    expect(loadEnvFile(join(dir, "missing"), env)).toEqual([]);
  });
});
