// One stream per screen, in Chromium: a chat tab and a Manage tab each hold exactly one SSE connection
// (the screen's own), a title that arrives after the turn renames the tab, the header and the sidebar
// row, and an htmx navigation to Manage swaps the chat's stream for Manage's.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { chatSetup, eventually, inPage, newConversation, openChat, sendAccepted } from "../helpers/chat-page.ts";

const s = chatSetup("screen-stream");

/** Every stream request the page makes, by path. */
function streams(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if ((r.headers()["accept"] ?? "").includes("text/event-stream")) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

describe("one stream per screen", () => {
  test("a chat tab opens only its own stream; the title that arrives renames tab, header and row", async () => {
    const id = await newConversation(s);
    await inPage(s, "stream-title", async (page) => {
      const seen = streams(page);
      await openChat(page, s, id);
      await eventually(async () => expect(seen).toEqual([`/c/${id}/live`]));
      await sendAccepted(page, "Lịch tập chạy tuần này");
      // fake:echo titles a conversation with its first message (docs/chat.md, Titles).
      await page.waitForFunction(() => document.title === "Lịch tập chạy tuần này");
      expect(await page.locator("#chat-title").innerText()).toBe("Lịch tập chạy tuần này");
      await eventually(async () => expect(await page.locator(`.conv-row[data-id="${id}"] .conv-title`).innerText())
        .toBe("Lịch tập chạy tuần này"));
      expect(seen).toEqual([`/c/${id}/live`]);
    });
  });

  test("Manage through the sidebar button: its own stream replaces the chat's, and the title follows", async () => {
    const id = await newConversation(s);
    await inPage(s, "stream-manage", async (page) => {
      const seen = streams(page);
      await openChat(page, s, id);
      await page.locator(".btn-manage").click();
      await page.locator("#main.manage").waitFor();
      await eventually(async () => expect(seen.at(-1)).toBe("/manage/live"));
      expect(seen.filter((p) => p.startsWith("/api/"))).toEqual([]);
      await page.waitForFunction((t) => document.title === t, `${T.sections.activity} · ${T.manage}`);
    });
  });
});
