import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EnvFileError, parseEnvFile } from "../../src/config/env-file.ts";
import { privateEnv, scrubSecrets } from "../../src/config/private-env.ts";

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

  test("the private environment joins launch and file (launch wins); a missing file is fine", () => {
    const dir = mkdtempSync(join(tmpdir(), "mc-env-"));
    writeFileSync(join(dir, "env"), "FROM_FILE=1\nALREADY=file\n");
    expect(privateEnv(join(dir, "env"), { ALREADY: "shell" })).toEqual({ ALREADY: "shell", FROM_FILE: "1" });
    expect(privateEnv(join(dir, "missing"), { A: "1" })).toEqual({ A: "1" });
  });

  test("keys are scrubbed from the launch environment but kept in the private map", () => {
    const dir = mkdtempSync(join(tmpdir(), "mc-env-"));
    writeFileSync(join(dir, "env"), "OPENAI_API_KEY=sk-from-file-123\nBOT_LOGIN=custom-named-secret\n");
    const launch: Record<string, string | undefined> = {
      PATH: "/usr/bin",
      MY_AGENT_ROUTES: "fake:echo",
      ANTHROPIC_API_KEY: "sk-ant-launch-456",
      MY_AGENT_PASSWORD: "hunter2hunter2",
      BOT_LOGIN: "launch-wins",
    };
    const env = privateEnv(join(dir, "env"), launch);
    expect(launch).toEqual({ PATH: "/usr/bin", MY_AGENT_ROUTES: "fake:echo" });
    expect(env).toEqual({
      PATH: "/usr/bin",
      MY_AGENT_ROUTES: "fake:echo",
      ANTHROPIC_API_KEY: "sk-ant-launch-456",
      MY_AGENT_PASSWORD: "hunter2hunter2",
      BOT_LOGIN: "launch-wins",
      OPENAI_API_KEY: "sk-from-file-123",
    });
  });

  test("scrubSecrets uses the redaction rule for names and returns what it removed", () => {
    const env: Record<string, string | undefined> = { HOME: "/h", GH_TOKEN: "t", DB_CREDENTIALS: "c", LANG: "C" };
    expect(scrubSecrets(env).sort()).toEqual(["DB_CREDENTIALS", "GH_TOKEN"]);
    expect(env).toEqual({ HOME: "/h", LANG: "C" });
  });
});
