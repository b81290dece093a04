// Writing while the agent is busy (M-20…M-26): a message becomes a queue chip and is answered after the
// turn, /steer is injected into the running turn, Stop gives the queued texts back in send order, and a
// reload mid-turn attaches to the running turn and rebuilds the chips from the server.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { assistantTexts, chatSetup, chipTexts, composer, detail, eventually, inPage, newConversation, openChat, ready, send, sendAccepted, userTexts, waitForReply, waitIdle } from "../helpers/chat-page.ts";

const s = chatSetup("queue");
const slow = (seconds: number) => `/tool shell_run {"command":"sleep ${seconds}"}`;
const chips = (page: Page) => page.locator("#chips .chip");

/** An autonomous conversation with a slow turn running in the page. */
async function busy(page: Page, seconds: number): Promise<string> {
  const id = await newConversation(s, { autonomous: true });
  await openChat(page, s, id);
  await sendAccepted(page, slow(seconds));
  await page.locator('#thread .turn.live .tool-card[data-tool="shell_run"]').waitFor();
  return id;
}

describe("queue, steer and stop while a turn runs", () => {
  test("a message sent while busy becomes a chip, the composer stays usable, and it is answered after the turn", async () => {
    await inPage(s, "queue-follow-up", async (page) => {
      await busy(page, 2);
      await sendAccepted(page, "rồi làm tiếp");
      await eventually(async () => expect(await chipTexts(page)).toEqual([`${T.chipQueued} rồi làm tiếp`]));
      expect(await composer(page).isEditable()).toBe(true);
      await composer(page).fill("vẫn gõ được");
      expect(await page.locator(".btn-send").isEnabled()).toBe(true);
      await composer(page).fill("");
      expect(await page.locator("#thread .turn.live").count()).toBe(1);
      await waitForReply(page, "rồi làm tiếp");
      await waitIdle(page);
      expect(await chips(page).count()).toBe(0);
      expect(await userTexts(page)).toEqual([slow(2), "rồi làm tiếp"]);
      expect(await page.locator("#thread .turn").count()).toBe(2);
    });
  });

  test("/steer while busy shows the steer chip, then the text appears as a user bubble inside the running turn", async () => {
    await inPage(s, "queue-steer", async (page) => {
      await busy(page, 2);
      const turn = page.locator("#thread .turn.live");
      const turnId = await turn.getAttribute("id");
      await sendAccepted(page, "/steer dùng đơn vị mét");
      await eventually(async () => expect(await chipTexts(page)).toEqual([`${T.chipSteer} dùng đơn vị mét`]));
      await eventually(async () => expect(await page.locator(`[id="${turnId}"] .msg.user .bubble`).allInnerTexts()).toContain("dùng đơn vị mét"));
      await eventually(async () => expect(await chips(page).count()).toBe(0));
      await waitIdle(page);
      expect(await page.locator("#thread .turn").count()).toBe(1);
      expect(await page.locator(`[id="${turnId}"] .msg.user .bubble`).allInnerTexts()).toEqual([slow(2), "dùng đơn vị mét"]);
    });
  });

  test("Stop with two queued chips: texts return to the start of the composer in send order, the turn ends at once", async () => {
    await inPage(s, "queue-stop", async (page) => {
      const id = await busy(page, 6);
      await sendAccepted(page, "thứ nhất");
      await sendAccepted(page, "thứ hai");
      await eventually(async () => expect(await chips(page).count()).toBe(2));
      await composer(page).fill("đang gõ");
      await page.getByRole("button", { name: T.stop }).click();
      await eventually(async () => expect(await composer(page).inputValue()).toBe("thứ nhất\n\nthứ hai\n\nđang gõ"));
      expect(await chips(page).count()).toBe(0);
      // The turn ends in view: the stopped notice replaces the live turn, and no tool is left "running".
      await eventually(async () => expect(await page.locator("#thread .turn .notice").allInnerTexts()).toEqual([T.turnStopped]));
      await waitIdle(page);
      // Ended at once, not after its 6 s: the command was cut, so its card is not "done".
      const statuses = await page.locator("#thread .tool-card .tc-status").allInnerTexts();
      expect(statuses).not.toContain(T.toolRunning);
      expect(statuses).not.toContain(T.toolStatus.done!);
      const d = await detail(s, id);
      expect(d.running).toBe(false);
      expect(d.queued).toEqual([]);
      // Nothing of the queue was answered: the server stored no other message, and the page shows none.
      expect(d.messages.filter((m: any) => m.role === "user").map((m: any) => m.content)).toEqual([slow(6)]);
      expect(await userTexts(page)).toEqual([slow(6)]);
    });
  });

  test("F5 during a slow turn: the page attaches to the running turn, shows its end, and rebuilds the chips", async () => {
    await inPage(s, "queue-reload", async (page) => {
      await busy(page, 3);
      await sendAccepted(page, "sau khi tải lại");
      await eventually(async () => expect(await chips(page).count()).toBe(1));
      await page.reload();
      await ready(page);
      expect(await chipTexts(page)).toEqual([`${T.chipQueued} sau khi tải lại`]);
      await page.locator('#thread .turn.live .tool-card[data-tool="shell_run"]').waitFor();
      expect(await page.locator(".btn-stop").isVisible()).toBe(true);
      // The running turn ends in view: its tool card is finished, then the queued message is answered.
      await eventually(async () => expect(await page.locator('#thread .tool-card[data-tool="shell_run"] .tc-status').innerText()).toBe(T.toolStatus.done!));
      await waitForReply(page, "sau khi tải lại");
      await waitIdle(page);
      expect(await chips(page).count()).toBe(0);
      expect((await assistantTexts(page)).some((t) => t.startsWith("shell_run:"))).toBe(true);
    });
  });

  test("a message sent right after a turn ends starts a new turn, not a chip", async () => {
    await inPage(s, "queue-after-end", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, "một");
      await waitForReply(page, "một");
      await waitIdle(page);
      await sendAccepted(page, "hai");
      await waitForReply(page, "hai");
      expect(await chips(page).count()).toBe(0);
    });
  });
});
