// A person opens my-crew in Chromium: on a fresh home `/` shows the chat screen of a conversation it
// creates (and of the newest one afterwards), htmx and Alpine are live, the Vietnamese text renders in
// Inter, and on a phone the conversation list is a drawer.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { api, chatSetup, inPage, openChat } from "../helpers/chat-page.ts";

const s = chatSetup("shell");

describe("page shell in Chromium", () => {
  test("a fresh home: / opens the chat screen of a new conversation, htmx and Alpine are live, no script errors", async () => {
    await inPage(s, "shell-desktop", async (page) => {
      expect((await api(s, "GET", "/api/conversations")).conversations).toEqual([]);
      const id = await openChat(page, s);
      const list = (await api(s, "GET", "/api/conversations")).conversations;
      expect(list.map((c: { id: string }) => c.id)).toEqual([id]);
      expect(await page.locator(`#conv-list .conv-row[data-id="${id}"]`).count()).toBe(1);
      expect(await page.locator("#composer textarea").getAttribute("placeholder")).toBe(T.composerPlaceholder);
      expect(await page.locator(".welcome h2").innerText()).toBe(T.welcomeSpeaker(T.appName));
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe(T.untitled);
      expect(await page.locator("#server-status").count()).toBe(0);
      expect(await page.evaluate(() => typeof (window as any).htmx?.ajax)).toBe("function");
      expect(await page.evaluate(() => typeof (window as any).Alpine?.version)).toBe("string");
      expect(await page.getAttribute("html", "lang")).toBe("vi");
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('16px "Inter"', "ạ"))).toBe(true);
      // A second visit opens the same (newest) conversation instead of creating another.
      expect(await openChat(page, s)).toBe(id);
      expect((await api(s, "GET", "/api/conversations")).conversations.length).toBe(1);
    });
  });

  test("wide screen: the activity is a column beside the thread, present before the first run", async () => {
    await inPage(s, "shell-activity-column", async (page) => {
      await openChat(page, s);
      const col = page.locator("#conv-activity");
      expect(await col.locator(".activity-body h2").innerText()).toBe(T.activityTitle);
      expect(await col.locator(".activity-body").innerText()).toContain(T.noRunsYet);
      expect(await col.locator(".strip-toggle").isVisible()).toBe(false);
      const [thread, activity] = await Promise.all([page.locator(".thread-wrap").boundingBox(), col.boundingBox()]);
      expect(activity!.x).toBeGreaterThanOrEqual(thread!.x + thread!.width - 1);
      expect(activity!.width).toBeGreaterThan(150);
    });
  });

  test("on a phone the list is a drawer: menu opens it, Escape closes it and focus returns", async () => {
    await inPage(s, "shell-phone", async (page) => {
      await openChat(page, s);
      const menu = page.locator(".menu-btn");
      await menu.waitFor({ state: "visible" });
      expect(await page.locator("#sidebar").evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
      await menu.click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await page.locator("#main").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
      // Focus comes back on the next tick after the drawer closes.
      await page.waitForFunction(() => document.activeElement?.classList.contains("menu-btn") === true);
    }, { width: 390, height: 800 });
  });
});
