// The budget lock and raise (E-11, E-12) with `fake:paid` ($0.01 a call), a second tab watching the
// same turn live, and the dark theme (OS-driven, M-62) captured as a screenshot artifact.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { T } from "../../src/texts/vi.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";
import { launch } from "../helpers/browser.ts";
import { api, busyTool, closeAll, inPage, ready, SLOW, type Setup } from "../helpers/chat-page.ts";

const s = {} as Setup;
setDefaultTimeout(SLOW);
beforeAll(async () => {
  const env = { MY_AGENT_ROUTES: "fake:paid" };
  s.home = tempDir("browser-budget");
  await Promise.all([
    launch().then((b) => (s.browser = b)),
    startBinary(["--port", "0", "--home", s.home], { env }).then((r) => (s.server = r)),
  ]);
});
afterAll(() => closeAll(s));

describe("budget, second tab, dark mode", () => {
  test("a spent budget halts the turn and locks the composer; raising the cap unlocks it", async () => {
    // Titled, so no title side call (K-06) spends part of the cap between the turns.
    const conv = (await api(s, "POST", "/api/conversations", { title: "Ngân sách" })).id as string;
    await api(s, "PATCH", `/api/conversations/${conv}`, { cost_cap_usd: 0.015 });
    await inPage(s, "budget-lock", async (page) => {
      await page.goto(`${s.server.url}/c/${conv}`);
      const box = page.locator("#composer textarea");
      for (const text of ["một", "hai"]) {
        await box.fill(text);
        await box.press("Enter");
        await page.locator(".msg.assistant .bubble", { hasText: text }).waitFor();
      }
      await box.fill("ba");
      await box.press("Enter");
      await page.locator(".notice[data-budget]").waitFor();
      expect(await page.locator(".notice[data-budget]").innerText()).toBe(T.noticeHalted.budget);
      await page.locator(".budget-notice").waitFor({ state: "visible" });
      expect(await box.isDisabled()).toBe(true);
      await page.locator(".budget-notice").getByRole("button", { name: T.raiseBy("$1.00") }).click();
      await page.waitForFunction(() => !(document.querySelector("#composer textarea") as HTMLTextAreaElement).disabled);
      expect(await page.locator(".budget-notice").isVisible()).toBe(false);
      expect((await api(s, "GET", `/api/conversations/${conv}`)).cost_cap_usd).toBeCloseTo(1.015);
      await box.fill("bốn");
      await box.press("Enter");
      await page.locator(".msg.assistant .bubble", { hasText: "bốn" }).waitFor();
    });
  });

  test("a second tab sees the same turn live", async () => {
    const conv = (await api(s, "POST", "/api/conversations", {})).id as string;
    await api(s, "PATCH", `/api/conversations/${conv}`, { autonomous: true, cost_cap_usd: 0 });
    await inPage(s, "second-tab", async (a) => {
      const b = await a.context().newPage();
      await Promise.all([a.goto(`${s.server.url}/c/${conv}`), b.goto(`${s.server.url}/c/${conv}`)]);
      await Promise.all([ready(a), ready(b)]);
      const busy = busyTool(s);
      await a.locator("#composer textarea").fill(busy.text);
      await a.locator("#composer textarea").press("Enter");
      await b.locator('.turn.live .tool-card[data-tool="shell_run"]').waitFor();
      busy.open();
      await b.locator(".msg.assistant .bubble", { hasText: "shell_run:" }).waitFor();
      expect(await b.locator(".tool-card.st-done").count()).toBe(1);
    });
  });

  test("dark mode follows the OS; the accent fill stays the brand blue", async () => {
    await inPage(s, "dark-mode", async (page) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto(`${s.server.url}/`);
      await page.locator("#composer textarea").waitFor();
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe("rgb(20, 22, 27)");
      const fill = await page.evaluate(() => getComputedStyle(document.querySelector(".btn-new")!).backgroundColor);
      expect(fill).toBe("rgb(36, 87, 214)");
      const dir = join(import.meta.dir, "..", "..", "test-output", "screenshots");
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, "dark-mode.png") });
    });
  });
});
