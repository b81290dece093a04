// <home>/env as Connections writes it: comments and order kept, values that parse back unchanged,
// atomic 0600 writes that never leave a half file, and refusals that name the variable only.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnvFile } from "../../../src/config/env-file.ts";
import { withFileLock, writeFileAtomic } from "../../../src/config/file-write.ts";
import { editEnvText, encodeValue } from "../../../src/connections/env-store.ts";
import { changeProblem } from "../../../src/connections/validate.ts";
import { T } from "../../../src/texts/vi.ts";

const tempFile = () => join(mkdtempSync(join(tmpdir(), "mc-envstore-")), "env");

describe("editing the env file text", () => {
  const original = "# my keys\nOPENAI_API_KEY=sk-old\n\n# telegram\nexport TELEGRAM_BOT_TOKEN=\"123:abc\"\nOTHER=1\n";

  test("a change keeps every comment, blank line and the order of untouched lines", () => {
    const out = editEnvText(original, { OPENAI_API_KEY: "sk-new", NEW_ONE: "x" });
    expect(out).toBe("# my keys\nOPENAI_API_KEY=sk-new\n\n# telegram\nexport TELEGRAM_BOT_TOKEN=\"123:abc\"\nOTHER=1\nNEW_ONE=x\n");
  });

  test("a removal drops the line (and its duplicates); `export` is kept on a replaced line", () => {
    const out = editEnvText(`${original}OPENAI_API_KEY=dup\n`, { OPENAI_API_KEY: null, TELEGRAM_BOT_TOKEN: "9:z" });
    expect(out).toBe("# my keys\n\n# telegram\nexport TELEGRAM_BOT_TOKEN=9:z\nOTHER=1\n");
    expect(editEnvText("A=1\n", { A: null })).toBe("");
    expect(editEnvText("", { A: "1" })).toBe("A=1\n");
  });

  test("tricky values parse back exactly as given", () => {
    for (const v of ["plain", "with space inside", " padded ", "'quoted'", '"dq"', "a'b", 'say "hi"', "x#not-a-comment", "back\\nslash", "=eq="]) {
      const text = editEnvText("", { V: v });
      expect(parseEnvFile(text, "env").V).toBe(v);
      expect(encodeValue(v).includes("\n")).toBe(false);
    }
  });
});

describe("refusals name the variable, never the value", () => {
  test("newline, carriage return and NUL are refused", () => {
    for (const v of ["sk-secret\nX=1", "sk-secret\r", "sk-\0secret"]) {
      const why = changeProblem("OPENAI_API_KEY", v)!;
      expect(why).toContain("OPENAI_API_KEY");
      expect(why).not.toContain("sk-");
    }
  });

  test("names must look like env var names; a bad name is not echoed (it may be a pasted secret)", () => {
    for (const n of ["1ABC", "A-B", "", "sk-live key"]) expect(changeProblem(n, "v")).toBe(T.conn.badName);
    expect(changeProblem("MY_TOKEN", "v")).toBeNull();
    expect(changeProblem("PATH", "/tmp")).toContain("PATH");
  });

  test("catalogue rows check their shape: URLs, the time zone", () => {
    expect(changeProblem("OPENAI_BASE_URL", "not a url")).toContain("OPENAI_BASE_URL");
    expect(changeProblem("OPENAI_BASE_URL", "http://user:pw@127.0.0.1/v1")).toContain("OPENAI_BASE_URL");
    expect(changeProblem("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")).toBeNull();
    expect(changeProblem("MY_AGENT_TIMEZONE", "Mars/Base")).toContain("MY_AGENT_TIMEZONE");
  });
});

describe("atomic writes", () => {
  test("the file is written whole with mode 0600 and no temp file is left behind", async () => {
    const file = tempFile();
    writeFileSync(file, "OLD=1\n", { mode: 0o644 });
    await writeFileAtomic(file, "# c\nNEW=2\n");
    expect(readFileSync(file, "utf8")).toBe("# c\nNEW=2\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(file, ".."))).toEqual(["env"]);
  });

  test("two concurrent writers end with one complete file, never a mix", async () => {
    const file = tempFile();
    const a = `# writer a\n${"A_KEY=aaaaaaaaaa\n".repeat(5000)}`;
    const b = `# writer b\n${"B_KEY=bbbbbbbbbb\n".repeat(7000)}`;
    for (let i = 0; i < 10; i++) {
      await Promise.all([writeFileAtomic(file, a), writeFileAtomic(file, b)]);
      expect([a, b]).toContain(readFileSync(file, "utf8"));
    }
    expect(readdirSync(join(file, ".."))).toEqual(["env"]);
  });

  test("the env lock runs read-change-write steps one after another, even after a failure", async () => {
    const order: string[] = [];
    const step = (name: string, ms: number, fail = false) => async () => {
      order.push(`${name}>`);
      await Bun.sleep(ms);
      order.push(`<${name}`);
      if (fail) throw new Error("boom");
    };
    const p1 = withFileLock("/x/env", step("a", 20, true));
    const p2 = withFileLock("/x/env", step("b", 1));
    await expect(p1).rejects.toThrow("boom");
    await p2;
    expect(order).toEqual(["a>", "<a", "b>", "<b"]);
  });
});
