// The chat header's pills and cards (M-11…M-15, E-11, E-12, M-30): spend vs cap, options with the
// autonomous switch, crew size; cards close on Escape (focus back to the pill) or a click outside, and
// clicks inside keep them open. The budget lock is checked as far as fake:echo ($0 a call) can reach it.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { composer, detail, eventually, inPage, newConversation, nextFrame, openChat, sendAccepted, waitForReply, waitIdle, chatSetup } from "../helpers/chat-page.ts";

const s = chatSetup("header");
const spendCard = (page: Page) => page.locator("#spend-pill + .card");
const optionsCard = (page: Page) => page.locator("#options-pill + .card");
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe("header pills and cards", () => {
  test("the header shows the title, spend vs the master's default cap, the options pill and 'Đội: 1'", async () => {
    await inPage(s, "header-pills", async (page) => {
      const id = await newConversation(s, { title: "Có tiêu đề" });
      await openChat(page, s, id);
      expect(await page.locator("#chat-header .chat-title").innerText()).toBe("Có tiêu đề");
      expect(await page.locator("#spend-pill").innerText()).toBe(T.spentOf("$0", `$${(await detail(s, id)).cost_cap_usd.toFixed(2)}`));
      expect(await page.locator("#options-pill").innerText()).toBe(T.options);
      expect(await page.locator("#crew-pill").innerText()).toBe(T.crew(1));
    });
  });

  test("the spend pill opens its card; Escape closes it and focus returns to the pill", async () => {
    await inPage(s, "header-spend-escape", async (page) => {
      await openChat(page, s, await newConversation(s));
      await page.locator("#spend-pill").click();
      await spendCard(page).waitFor({ state: "visible" });
      expect(await page.locator("#spend-pill").getAttribute("aria-expanded")).toBe("true");
      expect(await spendCard(page).innerText()).toContain(T.delegatedShare);
      await page.keyboard.press("Escape");
      await spendCard(page).waitFor({ state: "hidden" });
      await eventually(async () => expect(await focusedId(page)).toBe("spend-pill"));
    });
  });

  test("Escape pressed inside the spend card (in the cap field) closes it and focus returns to the pill", async () => {
    await inPage(s, "header-spend-escape-inside", async (page) => {
      await openChat(page, s, await newConversation(s));
      await page.locator("#spend-pill").click();
      await spendCard(page).getByLabel(T.setCap).focus();
      await page.keyboard.press("Escape");
      await spendCard(page).waitFor({ state: "hidden" });
      await eventually(async () => expect(await focusedId(page)).toBe("spend-pill"));
    });
  });

  test("a click inside the spend card keeps it open; a click outside closes it", async () => {
    await inPage(s, "header-spend-outside", async (page) => {
      await openChat(page, s, await newConversation(s));
      await page.locator("#spend-pill").click();
      await spendCard(page).waitFor({ state: "visible" });
      await spendCard(page).locator("p").first().click();
      await nextFrame(page);
      expect(await spendCard(page).isVisible()).toBe(true);
      await page.locator("#thread").click({ position: { x: 10, y: 10 } });
      await spendCard(page).waitFor({ state: "hidden" });
    });
  });

  test("'Nâng thêm $1.00' in the spend card raises the cap by one step and the pill shows it; 0 removes the cap", async () => {
    await inPage(s, "header-raise", async (page) => {
      const id = await newConversation(s, { cost_cap_usd: 1 });
      await openChat(page, s, id);
      await page.locator("#spend-pill").click();
      await spendCard(page).getByRole("button", { name: T.raiseBy("$1.00") }).click();
      await eventually(async () => expect(await page.locator("#spend-pill").innerText()).toBe(T.spentOf("$0", "$2.00")));
      expect((await detail(s, id)).cost_cap_usd).toBe(2);
      // A click inside keeps the card open (M-15), so the typed cap goes into the same card.
      expect(await spendCard(page).isVisible()).toBe(true);
      await spendCard(page).getByLabel(T.setCap).fill("0");
      await spendCard(page).getByRole("button", { name: T.setCap }).click();
      await eventually(async () => expect(await page.locator("#spend-pill").innerText()).toBe(T.spentNoCap("$0")));
      expect((await detail(s, id)).cost_cap_usd).toBe(0);
    });
  });

  test("the options card's autonomous switch persists: after a reload it is still on", async () => {
    await inPage(s, "header-autonomous", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      await page.locator("#options-pill").click();
      const toggle = optionsCard(page).getByLabel(T.autonomous);
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      await eventually(async () => expect((await detail(s, id)).autonomous).toBe(true));
      await page.reload();
      await page.locator("#options-pill").click();
      await optionsCard(page).waitFor({ state: "visible" });
      expect(await optionsCard(page).getByLabel(T.autonomous).isChecked()).toBe(true);
    });
  });

  test("toggling the autonomous switch keeps the options card open with focus on the switch (clicks inside keep cards open)", async () => {
    await inPage(s, "header-options-stay", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      await page.locator("#options-pill").click();
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === `/c/${id}/header`);
      await optionsCard(page).getByLabel(T.autonomous).check();
      await eventually(async () => expect((await detail(s, id)).autonomous).toBe(true));
      await (await refreshed).finished(); // the header refresh after the PATCH
      await nextFrame(page);
      expect(await optionsCard(page).isVisible()).toBe(true);
      expect(await optionsCard(page).getByLabel(T.autonomous).isChecked()).toBe(true);
      expect(await optionsCard(page).getByLabel(T.autonomous).evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  test("budget: a tiny cap with fake:echo ($0 a call) never reaches the lock — the turn answers, the composer stays open", async () => {
    await inPage(s, "header-budget", async (page) => {
      const id = await newConversation(s, { cost_cap_usd: 0.000001 });
      await openChat(page, s, id);
      expect(await page.locator("#spend-pill").innerText()).toBe(T.spentOf("$0", "$0.0000"));
      await sendAccepted(page, "có tốn tiền không");
      await waitForReply(page, "có tốn tiền không");
      await waitIdle(page);
      expect(await page.locator("#thread .notice[data-budget]").count()).toBe(0);
      expect(await page.locator(".budget-notice").isVisible()).toBe(false);
      expect(await composer(page).isEditable()).toBe(true);
      expect((await detail(s, id)).spent_usd).toBe(0);
    });
  });
});
