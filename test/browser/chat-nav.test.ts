// Moving between conversations (M-06, M-17 header, M-67): "Cuộc trò chuyện mới" opens a new one at
// /c/<id>, a click in the list swaps the chat and the URL, Back returns, rows are grouped by day, and
// the list and the tab title follow the conversation that is open.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { api, atLeastConversations, chatSetup, composer, eventually, inPage, newConversation, openChat, ready, sendAccepted, waitForReply } from "../helpers/chat-page.ts";

const s = chatSetup("nav");
const open = (page: Page) => page.getAttribute("#main", "data-conversation");
const row = (page: Page, id: string) => page.locator(`#conv-list .conv-row[data-id="${id}"]`);

async function choose(page: Page, id: string): Promise<void> {
  await row(page, id).locator("a").click();
  await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, id);
  await ready(page);
}

describe("conversation list and navigation", () => {
  test("'/' opens the newest conversation's chat screen", async () => {
    await inPage(s, "nav-root", async (page) => {
      const id = await newConversation(s, { title: "Mới nhất" });
      await openChat(page, s);
      expect(await open(page)).toBe(id);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe("Mới nhất");
    });
  });

  test("'Cuộc trò chuyện mới' creates and opens a new conversation at /c/<id>", async () => {
    await inPage(s, "nav-new", async (page) => {
      const before = (await api(s, "GET", "/api/conversations")).conversations.length;
      await openChat(page, s, await newConversation(s));
      await page.getByRole("button", { name: T.newConversation }).click();
      await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
      await ready(page);
      const id = page.url().split("/c/")[1]!;
      expect(await open(page)).toBe(id);
      expect((await api(s, "GET", "/api/conversations")).conversations.length).toBe(before + 2);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe(T.untitled);
      expect(await page.locator(".welcome").isVisible()).toBe(true);
      expect(await row(page, id).count()).toBe(1);
    });
  });

  test("a click in the list swaps the chat and the URL; Back returns to the previous one, which still works", async () => {
    await inPage(s, "nav-switch-back", async (page) => {
      const a = await newConversation(s, { title: "Chuyện A" });
      const b = await newConversation(s, { title: "Chuyện B" });
      await openChat(page, s, a);
      await sendAccepted(page, "tin trong A");
      await waitForReply(page, "tin trong A");
      const loads = await page.evaluate(() => performance.getEntriesByType("navigation").length);
      await choose(page, b);
      expect(page.url()).toBe(`${s.server.url}/c/${b}`);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe("Chuyện B");
      expect(await page.locator("#thread .msg").count()).toBe(0);
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loads); // no full reload
      await page.goBack();
      await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, a);
      await ready(page);
      expect(page.url()).toBe(`${s.server.url}/c/${a}`);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe("Chuyện A");
      await sendAccepted(page, "lại trong A");
      await waitForReply(page, "lại trong A");
    });
  });

  test("conversations changed today are grouped under 'Hôm nay', each with how long ago", async () => {
    await inPage(s, "nav-groups", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      const groups = await page.locator("#conv-list .conv-group").allTextContents(); // shown upper-case by CSS
      expect(groups).toEqual([T.today]);
      expect(await page.locator("#conv-list li").first().textContent()).toBe(T.today);
      expect((await row(page, id).locator(".conv-ago").innerText()).length).toBeGreaterThan(0);
    });
  });

  test("wide screen, 8+ conversations: Ctrl+K puts focus in the search box", async () => {
    await inPage(s, "nav-ctrl-k", async (page) => {
      await atLeastConversations(s, 8);
      await openChat(page, s);
      await page.locator("#composer textarea").click();
      await page.keyboard.press("Control+k");
      await page.waitForFunction(() => document.activeElement?.classList.contains("conv-search") === true);
      expect(await page.locator("#conv-list .conv-search").getAttribute("placeholder")).toBe(T.searchPlaceholder);
    });
  });

  test("wide screen: after Ctrl+K a click back in the composer lets a person type again", async () => {
    await inPage(s, "nav-ctrl-k-back", async (page) => {
      await atLeastConversations(s, 8);
      await openChat(page, s);
      await page.keyboard.press("Control+k");
      await page.waitForFunction(() => document.activeElement?.classList.contains("conv-search") === true);
      const b = (await composer(page).boundingBox())!;
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await page.keyboard.type("gõ tiếp");
      expect(await composer(page).inputValue()).toBe("gõ tiếp");
    });
  });

  test("wide screen: typing in the search box filters the titles in place", async () => {
    await inPage(s, "nav-search", async (page) => {
      await atLeastConversations(s, 8);
      const id = await newConversation(s, { title: "Kế hoạch du lịch Đà Lạt" });
      await openChat(page, s);
      await page.locator("#conv-list .conv-search").click();
      await page.keyboard.type("du lịch");
      await eventually(async () => expect(await page.locator("#conv-list .conv-row:not([hidden])").count()).toBe(1));
      expect(await row(page, id).isVisible()).toBe(true);
    });
  });

  test("the open conversation's row is marked current for assistive tech (aria-current=\"page\")", async () => {
    await inPage(s, "nav-aria-current", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      expect(await row(page, id).locator("a").getAttribute("aria-current")).toBe("page");
    });
  });

  test("after switching from the list, the list marks the newly open conversation as current", async () => {
    await inPage(s, "nav-current-row", async (page) => {
      const a = await newConversation(s, { title: "Dòng A" });
      const b = await newConversation(s, { title: "Dòng B" });
      await openChat(page, s, a);
      expect(await page.locator("#conv-list .conv-row.current").getAttribute("data-id")).toBe(a);
      await choose(page, b);
      await eventually(async () => expect(await page.locator("#conv-list .conv-row.current").getAttribute("data-id")).toBe(b));
    });
  });

  test("after switching from the list, the tab title names the open conversation", async () => {
    await inPage(s, "nav-title", async (page) => {
      const a = await newConversation(s, { title: "Tựa A" });
      const b = await newConversation(s, { title: "Tựa B" });
      await openChat(page, s, a);
      expect(await page.title()).toBe("Tựa A");
      await choose(page, b);
      await eventually(async () => expect(await page.title()).toBe("Tựa B"));
    });
  });
});
