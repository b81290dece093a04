// Edit and resend (M-17, M-31…M-33, docs/fork.md): "Sửa và gửi lại từ đây" under a user message forks
// there, opens the branch with the message's text in the focused composer, leaves the origin as it was,
// and the branch's header links back to the origin. Hidden while a turn runs.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { withPage } from "../helpers/browser.ts";
import { PATIENCE } from "../helpers/wait.ts";
import { TFork } from "../../src/texts/vi-fork.ts";
import { T } from "../../src/texts/vi.ts";
import {
  api, assistantTexts, busyTool, chatSetup, composer, eventually, inPage, newConversation, nextFrame, openChat, ready,
  send, sendAccepted, userTexts, waitForReply, waitIdle,
} from "../helpers/chat-page.ts";

const s = chatSetup("fork");
const open = (page: Page) => page.getAttribute("#main", "data-conversation");
const forkButton = (page: Page, nth: number) =>
  page.locator("#thread .msg.user").nth(nth).getByRole("button", { name: TFork.editAndResend });

/** Clicks the button under the nth user message; resolves with the branch once it is open. */
async function editAndResend(page: Page, nth: number, origin: string): Promise<string> {
  await forkButton(page, nth).click();
  await page.waitForFunction((o) => {
    const id = document.querySelector("#main")?.getAttribute("data-conversation");
    return !!id && id !== o;
  }, origin);
  await ready(page);
  return (await open(page))!;
}

async function say(page: Page, text: string): Promise<void> {
  await sendAccepted(page, text);
  await waitForReply(page, text);
  await waitIdle(page);
}

describe("edit and resend", () => {
  test("on a stored bubble: the branch opens with the text focused, the origin unchanged, a link back", async () => {
    await inPage(s, "fork-stored", async (page) => {
      const origin = await newConversation(s, { title: "Đi Đà Lạt" });
      await openChat(page, s, origin);
      await say(page, "một");
      await say(page, "hai");
      const before = (await api(s, "GET", `/api/conversations/${origin}`)).messages;
      await openChat(page, s, origin); // a full load: every bubble rendered from the store
      const branch = await editAndResend(page, 1, origin);
      expect(page.url()).toBe(`${s.server.url}/c/${branch}`);
      expect(await composer(page).inputValue()).toBe("hai");
      expect(await page.evaluate(() => document.activeElement?.matches("#composer textarea"))).toBe(true);
      expect(await userTexts(page)).toEqual(["một"]);
      expect(await assistantTexts(page)).toEqual(["một"]);
      expect(await page.locator("#chat-title").innerText()).toBe(`Đi Đà Lạt ${TFork.suffix}`);
      expect(await page.locator("#fork-line").innerText()).toBe(`${TFork.forkedFrom} Đi Đà Lạt`);
      // The list shows the branch, marked as the open one.
      const current = page.locator("#conv-list .conv-row.current");
      await eventually(async () => expect(await current.getAttribute("data-id")).toBe(branch));
      expect((await api(s, "GET", `/api/conversations/${origin}`)).messages).toEqual(before);

      await send(page, "hai, nhưng khác");
      await waitForReply(page, "hai, nhưng khác");
      expect(await userTexts(page)).toEqual(["một", "hai, nhưng khác"]);

      await page.locator("#fork-line a").click();
      await page.locator(`#main[data-conversation="${origin}"]`).waitFor();
      await ready(page);
      expect(page.url()).toBe(`${s.server.url}/c/${origin}`);
      expect(await userTexts(page)).toEqual(["một", "hai"]);
      expect(await page.locator("#fork-line").count()).toBe(0);
    });
  });

  test("on a bubble that just arrived over the stream, without a reload", async () => {
    await inPage(s, "fork-fresh", async (page) => {
      const origin = await newConversation(s);
      await openChat(page, s, origin);
      await say(page, "mới gửi");
      const branch = await editAndResend(page, 0, origin);
      expect(await composer(page).inputValue()).toBe("mới gửi");
      expect(await page.evaluate(() => document.activeElement?.matches("#composer textarea"))).toBe(true);
      expect(await page.locator("#thread .msg").count()).toBe(0);
      expect((await api(s, "GET", `/api/conversations/${branch}`)).forked_from).toBe(origin);
      expect((await api(s, "GET", `/api/conversations/${origin}`)).messages).toHaveLength(2);
    });
  });

  test("a refusal shows under the message and nothing opens (the conversation was deleted meanwhile)", async () => {
    // Chromium logs the refused request itself as a console error: that one line is expected here.
    await withPage(s.browser, "fork-refused", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      const origin = await newConversation(s);
      await openChat(page, s, origin);
      await say(page, "một");
      const before = (await api(s, "GET", "/api/conversations")).conversations.length;
      await api(s, "DELETE", `/api/conversations/${origin}`);
      await forkButton(page, 0).click();
      await expect(page.locator("#thread .fork-note").innerText()).resolves.toBe(T.conversationNotFound);
      expect(await open(page)).toBe(origin);
      expect((await api(s, "GET", "/api/conversations")).conversations.length).toBe(before - 1);
      expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
    });
  });

  test("the button is hidden while a turn runs and comes back when it ends", async () => {
    await inPage(s, "fork-busy", async (page) => {
      const busy = busyTool(s);
      const origin = await newConversation(s, { autonomous: true });
      await openChat(page, s, origin);
      await say(page, "trước");
      await send(page, busy.text);
      expect(await busy.started()).toBe(true);
      await eventually(async () => expect(await userTexts(page)).toHaveLength(2));
      await page.locator(".btn-stop").waitFor();
      await nextFrame(page);
      expect(await forkButton(page, 0).isVisible()).toBe(false);
      expect(await forkButton(page, 1).isVisible()).toBe(false);
      busy.open();
      await waitIdle(page);
      await forkButton(page, 1).waitFor();
      expect(await forkButton(page, 0).isVisible()).toBe(true);
    });
  });
});
