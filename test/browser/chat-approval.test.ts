// The agent asks before acting (M-28, M-29, D-12, D-17): the approval bar with its countdown and three
// choices, approving continues the same turn, "always allow" skips the bar next time, an ask-list
// shell command carries its reason and cannot be allowed for good, and a question is answered by a click.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { assistantTexts, chatSetup, decide, eventually, inPage, newConversation, openChat, send, waitForReply, waitIdle } from "../helpers/chat-page.ts";

const s = chatSetup("approval");
const bar = (page: Page) => page.locator("#approval-bar section");
const buttons = (page: Page) => bar(page).locator(".approval-actions button").allInnerTexts();
const turns = (page: Page) => page.locator("#thread .turn").count();
// Letters only Vietnamese uses (as in test/unit/source-rules.test.ts).
const VIETNAMESE = /[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/i;

describe("approvals and questions in the chat screen", () => {
  test("file_write asks; approving continues the same turn to a finished tool card and the answer", async () => {
    await inPage(s, "approval-approve", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool file_write {"path":"ghi-chu.txt","content":"xin chào"}');
      await bar(page).waitFor();
      expect(await bar(page).locator(".approval-head b").innerText()).toBe(T.approvalTitle("file_write"));
      expect(await bar(page).locator(".approval-args").innerText()).toContain("ghi-chu.txt");
      await eventually(async () => expect(await bar(page).locator(".countdown").innerText()).toMatch(/^còn \d+:\d\d$/));
      expect(await buttons(page)).toEqual([T.approve, T.deny, T.alwaysAllow]);
      const card = page.locator('#thread .tool-card[data-tool="file_write"]');
      expect(await card.locator(".tc-status").innerText()).toBe(T.toolStatus.waiting!);
      const turnId = await page.locator("#thread .turn").last().getAttribute("id");

      await decide(page, T.approve);
      await waitForReply(page, "file_write: Created ghi-chu.txt (9 bytes).");
      await waitIdle(page);
      expect(await bar(page).count()).toBe(0);
      expect(await turns(page)).toBe(1);
      expect(await page.locator("#thread .turn").last().getAttribute("id")).toBe(turnId);
      expect(await card.count()).toBe(1);
      expect(await card.locator(".tc-status").innerText()).toBe(T.toolStatus.done!);
    });
  });

  test("after 'Luôn cho phép' a second file_write runs with no bar, and the options card lists it", async () => {
    await inPage(s, "approval-always", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool file_write {"path":"mot.txt","content":"1"}');
      await bar(page).waitFor();
      await decide(page, T.alwaysAllow);
      await waitForReply(page, "file_write: Created mot.txt (1 bytes).");
      await waitIdle(page);

      await send(page, '/tool file_write {"path":"hai.txt","content":"22"}');
      await waitForReply(page, "file_write: Created hai.txt (2 bytes).");
      expect(await bar(page).count()).toBe(0);
      const statuses = await page.locator('#thread .tool-card[data-tool="file_write"] .tc-status').allInnerTexts();
      expect(statuses).toEqual([T.toolStatus.done!, T.toolStatus.done!]);

      await page.locator("#options-pill").click();
      await eventually(async () => expect(await page.locator("#chat-header .allowed code").allInnerTexts()).toEqual(["file_write"]));
    });
  });

  test("long arguments are cut to one line with 'Xem đầy đủ' revealing the whole request", async () => {
    await inPage(s, "approval-show-full", async (page) => {
      await openChat(page, s, await newConversation(s));
      const content = "dòng dài ".repeat(30).trim();
      await send(page, `/tool file_write ${JSON.stringify({ path: "dai.txt", content })}`);
      await bar(page).waitFor();
      expect(await bar(page).locator(".approval-args").innerText()).toEndWith("…");
      const full = bar(page).locator("details.approval-full");
      expect(await full.locator("summary").innerText()).toBe(T.showFull);
      expect(await full.locator("pre").isVisible()).toBe(false);
      await full.locator("summary").click();
      expect(await full.locator("pre").innerText()).toContain(content);
      await decide(page, T.deny);
      await waitIdle(page);
    });
  });

  test("denying ends the turn with the tool card marked denied and no bar left", async () => {
    await inPage(s, "approval-deny", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool file_write {"path":"khong.txt","content":"x"}');
      await bar(page).waitFor();
      await decide(page, T.deny);
      await eventually(async () => expect(await page.locator('#thread .tool-card[data-tool="file_write"] .tc-status').innerText()).toBe(T.toolStatus.denied!));
      await waitIdle(page);
      expect(await bar(page).count()).toBe(0);
    });
  });

  test("an ask-list shell command (sudo) shows its reason and offers no 'Luôn cho phép'", async () => {
    await inPage(s, "approval-sudo", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool shell_run {"command":"sudo ls"}');
      await bar(page).waitFor();
      expect(await bar(page).locator(".approval-head b").innerText()).toBe(T.approvalTitle("shell_run"));
      expect((await bar(page).locator(".approval-reason").innerText()).trim().length).toBeGreaterThan(0);
      expect(await buttons(page)).toEqual([T.approve, T.deny]);
      await decide(page, T.deny);
      await waitIdle(page);
    });
  });

  test("the ask-list reason a person reads is Vietnamese, like every other string (M-01)", async () => {
    await inPage(s, "approval-sudo-vi", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool shell_run {"command":"sudo ls"}');
      await bar(page).locator(".approval-reason").waitFor();
      const reason = await bar(page).locator(".approval-reason").innerText();
      expect({ reason, vietnamese: VIETNAMESE.test(reason) }).toEqual({ reason, vietnamese: true });
      await decide(page, T.deny);
      await waitIdle(page);
    });
  });

  test("ask_user shows the question with numbered options; clicking one answers and the reply shows it", async () => {
    await inPage(s, "approval-question", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool ask_user {"question":"Bạn thích màu nào?","options":["Đỏ","Xanh lá"]}');
      const q = page.locator("#approval-bar section.question");
      await q.waitFor();
      expect(await q.locator(".approval-head b").innerText()).toBe("Bạn thích màu nào?");
      expect(await q.locator("ol.options > li").count()).toBe(2);
      expect(await q.locator("ol.options").evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe("decimal");
      expect(await q.locator("ol.options button").allInnerTexts()).toEqual(["Đỏ", "Xanh lá"]);
      await decide(page, "Xanh lá");
      await eventually(async () => expect((await assistantTexts(page)).some((t) => t.startsWith("ask_user:") && t.includes("Xanh lá"))).toBe(true));
      await waitIdle(page);
      expect(await page.locator("#approval-bar section").count()).toBe(0);
    });
  });

  test("a quick decision followed by the next message: every message shows once and the turns stay in order", async () => {
    await inPage(s, "approval-quick-race", async (page) => {
      // A slow network for re-reads of a stored turn; the decision is made as soon as the bar shows.
      let reReads = 0;
      await page.route("**/turns/**", async (route) => {
        reReads++;
        await Bun.sleep(500); // the slow network itself, not a wait for something
        await route.continue().finally(() => reReads--);
      });
      await openChat(page, s, await newConversation(s));
      await send(page, '/tool file_write {"path":"nhanh-1.txt","content":"1"}');
      await bar(page).getByRole("button", { name: T.approve, exact: true }).click();
      await waitForReply(page, "file_write: Created nhanh-1.txt (1 bytes).");
      await send(page, "tiếp theo");
      await waitForReply(page, "tiếp theo");
      await waitIdle(page);
      await eventually(() => expect(reReads).toBe(0)); // any late re-read has landed
      const turnsNow = await page.locator("#thread .turn").evaluateAll((ts) => ts.map((t) => [...t.querySelectorAll(".msg.user .bubble")].map((b) => b.textContent)));
      expect(turnsNow).toEqual([['/tool file_write {"path":"nhanh-1.txt","content":"1"}'], ["tiếp theo"]]);
    });
  });
});
