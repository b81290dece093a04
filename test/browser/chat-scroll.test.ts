// The thread follows its end while a turn streams, unless the person scrolled up; then a "↓ mới"
// button appears, and it brings them back to the end (docs/chat.md).
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { busyTool, chatSetup, eventually, inPage, newConversation, openChat, sendAccepted, waitIdle }
  from "../helpers/chat-page.ts";

const s = chatSetup("scroll");
const SHORT_WINDOW = { width: 1280, height: 520 };
const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join("\n\n");

/** How far the thread's scroller is from its end, in pixels. */
const gap = (page: Page) => page.evaluate(() => {
  const w = document.querySelector(".thread-wrap")!;
  return Math.round(w.scrollHeight - w.scrollTop - w.clientHeight);
});

describe("the thread's scroll", () => {
  test("sticks to the end while answers arrive; scrolled up, '↓ mới' appears and brings it back", async () => {
    await inPage(s, "scroll-stick", async (page) => {
      await openChat(page, s, await newConversation(s, { autonomous: true }));
      await sendAccepted(page, lines(30, "dòng"));
      await waitIdle(page);
      await eventually(async () => expect(await gap(page)).toBeLessThan(48));
      expect(await page.locator(".new-below").isVisible()).toBe(false);
      const busy = busyTool(s);
      await sendAccepted(page, busy.text);
      await page.locator("#thread .turn.live").waitFor();
      await page.locator(".thread-wrap").evaluate((w) => w.scrollTo(0, 0));
      // The turn's end grows the thread while the person is scrolled up.
      busy.open();
      await waitIdle(page);
      await page.locator(".new-below").waitFor();
      expect(await page.locator(".new-below").innerText()).toBe("↓ mới");
      expect(await gap(page)).toBeGreaterThan(48);
      await page.locator(".new-below").click();
      await eventually(async () => expect(await gap(page)).toBeLessThan(48));
      expect(await page.locator(".new-below").isVisible()).toBe(false);
    }, SHORT_WINDOW);
  });
});
