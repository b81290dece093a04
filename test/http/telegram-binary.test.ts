// The compiled binary with the Telegram chat composed (L-18, L-85, L-64, L-71, issue 14's Done when): its
// log names the channel; over a run with a message, a download into inbox/, a token Telegram refuses (401,
// saved and checked from Connections), and an address that does not answer, no token reaches stdout or
// stderr; a member's prompt job is delivered with its [Name], a failing command job sends its notice.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchBinary, stopAll } from "../helpers/binary.ts";
import { FAKE_TOKEN, TelegramFake } from "../helpers/telegram-fake.ts";
import { telegramHome } from "../helpers/telegram-home.ts";
import { until } from "../helpers/wait.ts";

afterAll(stopAll);

describe("the binary's Telegram channel", () => {
  test("answers the chat; no token in any log line over a download, a 401 and a network error", async () => {
    const refused = "777001:REFUSED-token-zzzzYYYYxxxx";
    const unreachable = "777002:UNREACHABLE-token-wwwwVVVV";
    const fake = new TelegramFake();
    try {
      await using s = await launchBinary(["--port", "0", "--home", telegramHome(fake)], {
        env: { MY_AGENT_ROUTES: "fake:echo" },
      });
      const put = (changes: Record<string, string>) => fetch(`${s.url}/api/connections`, {
        method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ changes }),
      });
      const logged = (part: string) => until(() => s.stderr(), (t) => t.includes(part), 30_000);
      expect(await logged("telegram channel enabled for default")).toContain("telegram channel enabled");
      fake.text("xin chào");
      await fake.next((c) => c.method === "sendMessage" && c.params.text === "xin chào");
      const file = fake.addFile(new Uint8Array([1, 2, 3]), "documents/a.txt");
      fake.push({ document: { file_id: file, file_name: "a.txt", file_size: 3 }, caption: "tài liệu" });
      await fake.next((c) => c.method === "sendMessage" && String(c.params.text).includes("tài liệu"));
      expect((await put({ TELEGRAM_BOT_TOKEN: refused })).status).toBe(200);
      expect(await logged("401")).toContain("telegram getMe: 401 Unauthorized");
      const check = await fetch(`${s.url}/api/connections/check/TELEGRAM_BOT_TOKEN`, { method: "POST" });
      expect(JSON.stringify(await check.json())).not.toContain(refused);
      expect((await put({ TELEGRAM_BOT_TOKEN: unreachable, TELEGRAM_BASE_URL: "http://127.0.0.1:1" })).status)
        .toBe(200);
      expect(await logged("Unable to connect")).toMatch(/telegram getMe: .*Unable to connect/);
      await s.stop();
      const all = s.stderr();
      for (const token of [FAKE_TOKEN, refused, unreachable]) {
        for (const form of [token, encodeURIComponent(token), token.split(":")[1]!]) expect(all).not.toContain(form);
      }
    } finally {
      fake.stop();
    }
  }, 90_000);

  test("a member's prompt job reaches the chat with its [Name]; a failing command job sends its notice", async () => {
    const fake = new TelegramFake();
    try {
      const home = telegramHome(fake);
      mkdirSync(join(home, "agents", "coach"), { recursive: true });
      const schedules = `schedules:\n  - {id: morning, every: 1h, prompt: "Báo cáo sáng"}\n` +
        `  - {id: broken, every: 1h, command: "exit 3"}\n`;
      writeFileSync(join(home, "agents", "coach", "agent.yaml"), `name: HLV\n${schedules}`);
      await using s = await launchBinary(["--port", "0", "--home", home], { env: { MY_AGENT_ROUTES: "fake:echo" } });
      await fake.next((c) => c.method === "getUpdates");
      expect((await fetch(`${s.url}/api/jobs/coach%2Fmorning/run`, { method: "POST" })).status).toBe(202);
      const delivered = await fake.next((c) => c.method === "sendMessage" && String(c.params.text).startsWith("[HLV]"));
      expect(delivered.params.text).toBe("[HLV] Báo cáo sáng");
      expect((await fetch(`${s.url}/api/jobs/coach%2Fbroken/run`, { method: "POST" })).status).toBe(202);
      const notice = await fake.next((c) => c.method === "sendMessage" && String(c.params.text).includes("gặp lỗi"));
      expect(String(notice.params.text)).toContain("Lệnh thoát với mã 3");
    } finally {
      fake.stop();
    }
  }, 90_000);
});
