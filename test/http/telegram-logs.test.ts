// L-85: no Telegram token in any log line. Real processes (test/helpers/telegram-child.ts: the real channel,
// Bot API client and log) run with a working token and a download, a token Telegram refuses (401), a
// token on an unreachable address (a network error), and a token only tested from Connections and then
// quoted in a request line; their whole stdout and stderr hold none of the tokens, in any encoding.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { spawnChild, stop, stopAll, tempDir, watchText } from "../helpers/binary.ts";
import { FAKE_TOKEN, TelegramFake } from "../helpers/telegram-fake.ts";

afterAll(stopAll);
const CHILD = join(import.meta.dir, "..", "helpers", "telegram-child.ts");

/** Runs the child until its stdout or stderr matches `until`; returns everything it wrote. */
async function run(env: Record<string, string>, until: { out?: RegExp; err?: RegExp }): Promise<string> {
  const full = { PATH: process.env.PATH ?? "/usr/bin:/bin", TG_DIR: tempDir("tg-logs"), ...env };
  const proc = spawnChild([process.execPath, CHILD], { env: full });
  const out = watchText(proc.stdout, until.out ?? /$^/);
  const err = watchText(proc.stderr, until.err ?? /$^/);
  try {
    expect(await (until.out ? out.seen : err.seen)).not.toBeNull();
  } finally {
    await stop(proc);
    await Promise.all([out.done, err.done]);
  }
  return out.text() + err.text();
}

describe("tokens in logs (L-85)", () => {
  test("a run with a download, a 401, a network error and a tested token logs none of the tokens", async () => {
    const refused = "777001:REFUSED-token-zzzzYYYYxxxx";
    const unreachable = "777002:UNREACHABLE-token-wwwwVVVV";
    const tested = "777003:TESTED-only/token+with?odd=chars";
    const fake = new TelegramFake();
    try {
      const file = fake.addFile(new Uint8Array([1, 2, 3]), "documents/a.pdf");
      fake.push({ document: { file_id: file, file_name: "a.pdf" }, caption: "tài liệu" });
      const logs = [
        await run({ TG_TOKEN: FAKE_TOKEN, TG_BASE: fake.url, TG_TESTED: tested }, { out: /accepted/ }),
        await run({ TG_TOKEN: refused, TG_BASE: fake.url }, { err: /getMe: 401/ }),
        await run({ TG_TOKEN: unreachable, TG_BASE: "http://127.0.0.1:1" }, { err: /telegram getMe: \S/ }),
      ].join("\n");
      expect(logs).toContain("downloaded 3 bytes");
      expect(logs).toContain("telegram getMe: 401 Unauthorized");
      expect(logs).toContain(`request GET ${fake.url}/bot<token>/getMe`);
      for (const token of [FAKE_TOKEN, refused, unreachable, tested]) {
        for (const form of [token, encodeURIComponent(token), token.split(":")[1]!]) {
          expect(logs.includes(form)).toBe(false);
        }
      }
    } finally {
      fake.stop();
    }
  }, 30_000);
});
