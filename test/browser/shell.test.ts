// A person opens my-crew in Chromium: the page shell loads, htmx and Alpine are live, the Vietnamese
// text renders in Inter, and on a phone the conversation list is a drawer.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinary, tempDir, type Running } from "../helpers/binary.ts";
import { launch, withPage } from "../helpers/browser.ts";

let browser: Browser;
let server: Running;
beforeAll(async () => {
  [browser, server] = await Promise.all([launch(), startBinary(["--port", "0", "--home", tempDir("browser")])]);
});
afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGKILL");
});

describe("page shell in Chromium", () => {
  test("loads /, htmx swaps the status fragment, Alpine is running, no script errors", async () => {
    await withPage(browser, "shell-desktop", {}, async (page, errors) => {
      await page.goto(`${server.url}/`);
      await page.waitForSelector("#server-status.pill");
      expect(await page.textContent("#server-status")).toMatch(/v\d+\.\d+\.\d+/);
      expect(await page.evaluate(() => typeof (window as any).htmx?.ajax)).toBe("function");
      expect(await page.evaluate(() => typeof (window as any).Alpine?.version)).toBe("string");
      expect(await page.getAttribute("html", "lang")).toBe("vi");
      expect(await page.textContent("h1")).toBe("Chào bạn");
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('16px "Inter"', "ạ"))).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  test("on a phone the list is a drawer: menu opens it, Escape closes it and focus returns", async () => {
    await withPage(browser, "shell-phone", { viewport: { width: 390, height: 800 } }, async (page, errors) => {
      await page.goto(`${server.url}/`);
      const menu = page.locator(".menu-btn");
      await menu.waitFor({ state: "visible" });
      expect(await page.locator("#sidebar").evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
      await menu.click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      expect(await page.locator("#main").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-btn"))).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
