// One stream per chat screen (docs/chat.md): tabs that arrive at different moments — the sender, a
// second tab opened mid-turn, the sender reloaded mid-turn, a decision taken in Manage — end on the
// same thread HTML, because the server sends the screen's state rather than each tab guessing it.
import { describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { busyTool, chatSetup, eventually, inPage, newConversation, openChat, sendAccepted, waitIdle }
  from "../helpers/chat-page.ts";

const s = chatSetup("live");
/** Several tabs load while a turn runs: on a busy machine that takes longer than one tab's test. */
const PATIENT = 90_000;

/** `#thread`'s innerHTML with insignificant whitespace between tags removed. */
/** The thread once every answer is rendered: the Markdown library loads on first use, per tab, later. */
async function threadHtml(page: Page): Promise<string> {
  const rendered = () => !document.querySelector("#thread [data-md]:not([data-rendered])");
  await page.waitForFunction(rendered, null, { timeout: 20_000 });
  return page.evaluate(() => document.querySelector("#thread")!.innerHTML.replace(/>\s+</g, "><").trim());
}

/** Another tab, in its own browser context: a profile holds at most 6 connections to one host over
 * HTTP/1.1, and every chat tab keeps two streams open. Closed by the returned context's owner. */
async function openTab(id: string, opened: BrowserContext[]): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
  opened.push(context);
  const tab = await context.newPage();
  tab.setDefaultTimeout(8_000);
  await openChat(tab, s, id);
  return tab;
}

/** Runs `body` with a list for the extra contexts it opens, and closes them whatever happens. */
async function withTabs(body: (opened: BrowserContext[]) => Promise<void>): Promise<void> {
  const opened: BrowserContext[] = [];
  try {
    await body(opened);
  } finally {
    await Promise.all(opened.map((c) => c.close().catch(() => {})));
  }
}

describe("one live stream per chat screen", () => {
  test("a second tab and a reload mid-turn converge on the sender's thread, through Stop and a next turn", async () => {
    await inPage(s, "live-second-tab", (page) => withTabs(async (opened) => {
      const id = await newConversation(s, { autonomous: true });
      await openChat(page, s, id);
      await sendAccepted(page, busyTool(s).text);
      await page.locator('#thread .turn.live .tool-card[data-tool="shell_run"]').waitFor();
      const runId = await page.locator("#thread .turn.live").getAttribute("id");
      const second = await openTab(id, opened);
      // The second tab shows the running turn live, in the same container, with the Stop button.
      expect(await second.locator("#thread .turn.live").getAttribute("id", { timeout: 2_000 })).toBe(runId);
      expect(await second.locator(".btn-stop").isVisible()).toBe(true);
      await page.reload();
      expect(await page.locator("#thread .turn.live").getAttribute("id")).toBe(runId);
      // Stopped from the second tab: both show the turn as stopped.
      await second.locator(".btn-stop").click();
      for (const tab of [page, second]) await waitIdle(tab, 20_000);
      expect(await page.locator(`[id="${runId}"]`).getAttribute("data-status")).toBe("cancelled");
      await sendAccepted(second, "lượt hai");
      for (const tab of [page, second]) {
        await eventually(async () => expect(await tab.locator("#thread .turn").count()).toBe(2));
        await waitIdle(tab);
      }
      const html = await threadHtml(page);
      expect(html).toContain("lượt hai");
      expect(await threadHtml(second)).toBe(html);
      // A tab opened now, on the stored conversation, shows the very same thread.
      expect(await threadHtml(await openTab(id, opened))).toBe(html);
    }));
  }, PATIENT);

  test("a decision taken in Manage reaches both chat tabs, which end identical", async () => {
    await inPage(s, "live-manage-decision", (page) => withTabs(async (opened) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      const second = await openTab(id, opened);
      await sendAccepted(page, '/tool file_write {"path":"song-song.txt","content":"hai tab"}');
      for (const tab of [page, second]) await tab.locator("#approval-bar .approval").waitFor();
      const manageContext = await s.browser.newContext();
      opened.push(manageContext);
      const manage = await manageContext.newPage();
      await manage.goto(`${s.server.url}/manage/approvals`);
      await manage.locator(".approval-item.outcome-pending").getByRole("button", { name: T.approve, exact: true }).click();
      for (const tab of [page, second]) {
        await eventually(async () => expect(await tab.locator("#approval-bar .approval").count()).toBe(0));
        await tab.locator('#thread .tool-card.st-done[data-tool="file_write"]').waitFor();
        await waitIdle(tab);
      }
      const html = await threadHtml(page);
      expect(await threadHtml(second)).toBe(html);
      expect(await threadHtml(await openTab(id, opened))).toBe(html);
    }));
  }, PATIENT);
});
