// The chat screen on a phone, 390×800 (M-35, M-67…M-69): the list is a modal drawer behind the menu
// button, Ctrl+K opens it at the search box (8+ conversations), Escape or choosing a conversation
// closes it with focus back on the menu button, and the activity is a one-line strip whose open or
// collapsed state is remembered across a reload.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { atLeastConversations, chatSetup, inPage, newConversation, openChat, ready, sendAccepted, waitForReply } from "../helpers/chat-page.ts";

const s = chatSetup("phone");
const PHONE = { width: 390, height: 800 };
const box = (page: Page, sel: string) => page.locator(sel).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe("chat screen on a phone", () => {
  test("the list is a drawer behind the menu button; choosing a conversation closes it and opens that chat", async () => {
    await inPage(s, "phone-drawer", async (page) => {
      const a = await newConversation(s, { title: "Trên điện thoại A" });
      const b = await newConversation(s, { title: "Trên điện thoại B" });
      await openChat(page, s, a);
      expect((await box(page, "#sidebar")).right).toBeLessThanOrEqual(0);
      expect(await page.locator("#sidebar").isVisible()).toBe(false);
      const menu = page.getByRole("button", { name: T.menu });
      await menu.click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.getBoundingClientRect().left >= 0 && document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await page.locator("#main").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
      await page.locator(`#conv-list .conv-row[data-id="${b}"] a`).click();
      await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, b);
      await ready(page);
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await page.locator("#main").evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe("Trên điện thoại B");
      await page.waitForFunction(() => document.activeElement?.classList.contains("menu-btn") === true);
    }, PHONE);
  });

  test("the menu button tells assistive tech whether the drawer is open (aria-expanded)", async () => {
    await inPage(s, "phone-menu-expanded", async (page) => {
      await openChat(page, s, await newConversation(s));
      const menu = page.locator("#main .menu-btn"); // by CSS: once open, the chat beneath is inert
      expect(await menu.getAttribute("aria-label")).toBe(T.menu);
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      await menu.click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
    }, PHONE);
  });

  test("opening the drawer with the menu button moves focus into the drawer", async () => {
    await inPage(s, "phone-drawer-focus", async (page) => {
      await openChat(page, s, await newConversation(s));
      await page.getByRole("button", { name: T.menu }).click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      await page.waitForFunction(() => !!document.activeElement?.closest("#sidebar"));
    }, PHONE);
  });

  test("with 8+ conversations Ctrl+K opens the drawer at the search box; Escape closes it, focus back on the menu button", async () => {
    await inPage(s, "phone-ctrl-k", async (page) => {
      await atLeastConversations(s, 8);
      await openChat(page, s);
      expect(await page.locator("#conv-list .conv-search").count()).toBe(1);
      await page.locator("#composer textarea").click();
      await page.keyboard.press("Control+k");
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      await page.waitForFunction(() => document.activeElement?.classList.contains("conv-search") === true);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
      await page.waitForFunction(() => document.activeElement?.classList.contains("menu-btn") === true);
      expect(await page.locator("#main").evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    }, PHONE);
  });

  test("the activity is a one-line strip that opens and closes and remembers its state across a reload", async () => {
    await inPage(s, "phone-strip", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      await sendAccepted(page, "một lượt cho dải hoạt động");
      await waitForReply(page, "một lượt cho dải hoạt động");
      const toggle = page.locator("#conv-activity .strip-toggle");
      const body = page.locator("#conv-activity .activity-body");
      await page.waitForFunction(() => document.querySelector("#conv-activity .strip-toggle")!.textContent!.includes("·"));
      expect(await toggle.isVisible()).toBe(true);
      expect(await body.isVisible()).toBe(false);
      expect((await box(page, "#conv-activity .strip-toggle")).height).toBeLessThan(48);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      expect(await body.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.reload();
      await ready(page);
      expect(await page.locator("#conv-activity .activity-body").isVisible()).toBe(true);
      await page.locator("#conv-activity .strip-toggle").click();
      expect(await page.locator("#conv-activity .activity-body").isVisible()).toBe(false);
      await page.reload();
      await ready(page);
      expect(await page.locator("#conv-activity .activity-body").isVisible()).toBe(false);
      expect(await page.locator("#conv-activity .strip-toggle").isVisible()).toBe(true);
    }, PHONE);
  });

  test("Escape with the drawer open over an open strip closes only the drawer", async () => {
    await inPage(s, "phone-escape-drawer-only", async (page) => {
      await openChat(page, s, await newConversation(s));
      await page.locator("#conv-activity .strip-toggle").click();
      await page.getByRole("button", { name: T.menu }).click();
      await page.waitForFunction(() => document.querySelector("#sidebar")!.classList.contains("open"));
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
      expect(await page.locator("#conv-activity .activity-body").isVisible()).toBe(true);
    }, PHONE);
  });

  test("the strip sits between the thread and the composer", async () => {
    await inPage(s, "phone-strip-place", async (page) => {
      await openChat(page, s, await newConversation(s));
      const strip = await box(page, "#conv-activity");
      const thread = await box(page, ".thread-wrap");
      const composer = await box(page, "#composer");
      expect(strip.top).toBeGreaterThanOrEqual(thread.bottom - 1);
      expect(strip.bottom).toBeLessThanOrEqual(composer.top + 1);
    }, PHONE);
  });
});
