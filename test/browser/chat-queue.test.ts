// Writing while the agent is busy (M-20…M-26): a message becomes a queue chip and is answered after the
// turn, /steer is injected into the running turn, Stop gives the queued texts back in send order, and a
// reload mid-turn attaches to the running turn and rebuilds the chips from the server.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { assistantTexts, busyTool, chatSetup, chipTexts, composer, detail, eventually, inPage, newConversation, openChat, ready,
  send, sendAccepted, userTexts, waitForReply, waitIdle } from "../helpers/chat-page.ts";

const s = chatSetup("queue");
const chips = (page: Page) => page.locator("#chips .chip");

/** An autonomous conversation whose turn runs in the page until the test opens its gate. */
async function busy(page: Page) {
  const id = await newConversation(s, { autonomous: true });
  const tool = busyTool(s);
  await openChat(page, s, id);
  await sendAccepted(page, tool.text);
  await page.locator('#thread .turn.live .tool-card[data-tool="shell_run"]').waitFor();
  return { id, ...tool };
}

describe("queue, steer and stop while a turn runs", () => {
  test("a message sent while busy becomes a chip, the composer stays usable, and it is answered after the turn", async () => {
    await inPage(s, "queue-follow-up", async (page) => {
      const first = await busy(page);
      await sendAccepted(page, "rồi làm tiếp");
      await eventually(async () => expect(await chipTexts(page)).toEqual([`${T.chipQueued} rồi làm tiếp`]));
      expect(await composer(page).isEditable()).toBe(true);
      await composer(page).fill("vẫn gõ được");
      expect(await page.locator(".btn-send").isEnabled()).toBe(true);
      await composer(page).fill("");
      expect(await page.locator("#thread .turn.live").count()).toBe(1);
      first.open();
      await waitForReply(page, "rồi làm tiếp");
      await waitIdle(page);
      expect(await chips(page).count()).toBe(0);
      expect(await userTexts(page)).toEqual([first.text, "rồi làm tiếp"]);
      expect(await page.locator("#thread .turn").count()).toBe(2);
    });
  });

  test("/steer while busy shows the steer chip, then the text appears as a user bubble inside the running turn", async () => {
    await inPage(s, "queue-steer", async (page) => {
      const first = await busy(page);
      const turn = page.locator("#thread .turn.live");
      const turnId = await turn.getAttribute("id");
      await sendAccepted(page, "/steer dùng đơn vị mét");
      await eventually(async () => expect(await chipTexts(page)).toEqual([`${T.chipSteer} dùng đơn vị mét`]));
      // The steer is taken once the running tool ends, before the next model call.
      first.open();
      await eventually(async () => expect(await page.locator(`[id="${turnId}"] .msg.user .bubble`).allInnerTexts()).toContain("dùng đơn vị mét"));
      await eventually(async () => expect(await chips(page).count()).toBe(0));
      await waitIdle(page);
      expect(await page.locator("#thread .turn").count()).toBe(1);
      expect(await page.locator(`[id="${turnId}"] .msg.user .bubble`).allInnerTexts()).toEqual([first.text, "dùng đơn vị mét"]);
    });
  });

  test("Stop with two queued chips: texts return to the start of the composer in send order, the turn ends at once", async () => {
    await inPage(s, "queue-stop", async (page) => {
      const { id, text } = await busy(page);
      await sendAccepted(page, "thứ nhất");
      await sendAccepted(page, "thứ hai");
      await eventually(async () => expect(await chips(page).count()).toBe(2));
      await composer(page).fill("đang gõ");
      await page.getByRole("button", { name: T.stop }).click();
      await eventually(async () => expect(await composer(page).inputValue()).toBe("thứ nhất\n\nthứ hai\n\nđang gõ"));
      // The texts come back in Stop's answer; the emptied chips on the screen's stream, which may be later.
      await eventually(async () => expect(await chips(page).count()).toBe(0));
      // The turn ends in view: the stopped notice replaces the live turn, and no tool is left "running".
      await eventually(async () => expect(await page.locator("#thread .turn .notice").allInnerTexts()).toEqual([T.turnStopped]));
      await waitIdle(page);
      // Ended at once, its command cut (it would run until its gate opened), so its card is not "done".
      const statuses = await page.locator("#thread .tool-card .tc-status").allInnerTexts();
      expect(statuses).not.toContain(T.toolRunning);
      expect(statuses).not.toContain(T.toolStatus.done!);
      const d = await detail(s, id);
      expect(d.running).toBe(false);
      expect(d.queued).toEqual([]);
      // Nothing of the queue was answered: the server stored no other message, and the page shows none.
      expect(d.messages.filter((m: any) => m.role === "user").map((m: any) => m.content)).toEqual([text]);
      expect(await userTexts(page)).toEqual([text]);
    });
  });

  test("F5 during a slow turn: the page attaches to the running turn, shows its end, and rebuilds the chips", async () => {
    await inPage(s, "queue-reload", async (page) => {
      const first = await busy(page);
      await sendAccepted(page, "sau khi tải lại");
      await eventually(async () => expect(await chips(page).count()).toBe(1));
      await page.reload();
      await ready(page);
      expect(await chipTexts(page)).toEqual([`${T.chipQueued} sau khi tải lại`]);
      await page.locator('#thread .turn.live .tool-card[data-tool="shell_run"]').waitFor();
      expect(await page.locator(".btn-stop").isVisible()).toBe(true);
      first.open();
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
