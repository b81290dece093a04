// Delegation seen by the owner (issue 12's browser test, F-06…F-11, F-24): the master delegates to an
// installed template through the scripted fake; the crew card lists it, the activity column's delegate
// step opens the child conversation, which names the member, and the child's run is listed under its id.
// Also the options card's skill toggles (F-20), on the same server.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TCrewChat } from "../../src/texts/vi-crew-chat.ts";
import { T } from "../../src/texts/vi.ts";
import { api, assistantTexts, chatSetup, eventually, inPage, newConversation, openChat, send, waitIdle }
  from "../helpers/chat-page.ts";

const s = chatSetup("delegation");

describe("delegation in the chat", () => {
  test("the master delegates to the researcher; the run card opens the child conversation", async () => {
    await api(s, "POST", "/api/agents/install", { template: "researcher" });
    await inPage(s, "delegation", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);

      // The crew pill opens the crew card, the master first and the researcher under it.
      await page.locator("#crew-pill").click();
      const card = page.locator("#chat-header .crew-card");
      await card.waitFor({ state: "visible" });
      expect(await page.locator("#crew-pill").innerText()).toBe(T.crew(2));
      expect(await card.locator(".crew-member").evaluateAll((ms) => ms.map((m) => m.getAttribute("data-agent"))))
        .toEqual(["default", "researcher"]);
      expect(await card.locator('[data-agent="researcher"]').innerText()).toContain("Nghiên cứu viên");
      await page.keyboard.press("Escape");
      await card.waitFor({ state: "hidden" });

      // The relay brings the researcher's answer (the fake echoes its task as given) to the owner.
      await send(page, '/tool delegate {"agent":"researcher","task":"tìm giá vé"}');
      await eventually(async () => expect((await assistantTexts(page)).at(-1)).toStartWith("tìm giá vé\n"));
      await waitIdle(page);

      // The delegate step in the activity column names the member and links the child conversation.
      const link = page.locator(`#conv-activity .step a.child-link`);
      await link.waitFor();
      expect(await link.innerText()).toBe(TCrewChat.openDelegated);
      expect(await link.locator("xpath=..").innerText()).toContain("Nghiên cứu viên");
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/c\/[0-9a-f-]+$/);
      const child = href.slice(3);
      expect(child).not.toBe(id);

      // It opens the child, which shows the task and says who works on it for which conversation.
      await link.click();
      await page.waitForURL(`**${href}`);
      await page.locator("#delegated-notice").waitFor();
      const notice = await page.locator("#delegated-notice").innerText();
      expect(notice).toContain(TCrewChat.delegatedNotice("Nghiên cứu viên"));
      expect(await page.locator("#delegated-notice a").getAttribute("href")).toBe(`/c/${id}`);
      await eventually(async () =>
        expect(await page.locator("#thread .msg.user .bubble").first().innerText()).toContain("tìm giá vé"));

      // The child's run is listed under the researcher's own id in Manage → activity.
      await page.goto(`${s.server.url}/manage/activity`);
      const rows = page.locator("#history-rows .run-agent");
      await eventually(async () => expect(await rows.allInnerTexts()).toContain("researcher"));
    });
  });

  test("the options card's skill boxes switch skills on and off; an always skill cannot be switched", async () => {
    mkdirSync(join(s.home, "skills"), { recursive: true });
    const md = (front: string) => `---\n${front}\n---\nBody.\n`;
    writeFileSync(join(s.home, "skills", "style.md"), md("name: house-style\nalways: true"));
    writeFileSync(join(s.home, "skills", "maps.md"), md("name: maps"));
    writeFileSync(join(s.home, "skills", "notes.md"), md("name: notes"));
    await api(s, "POST", "/api/agents/reload");
    await inPage(s, "skills", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      type Listed = { skills: { name: string; always: boolean; enabled: boolean }[] };
      const enabled = async () => (await api<Listed>(s, "GET", `/api/conversations/${id}/skills`)).skills
        .filter((k) => k.enabled && !k.always).map((k) => k.name);
      await page.locator("#options-pill").click();
      const box = (name: string) => page.locator(`#skill-toggles input[value="${name}"]`);
      expect(await box("house-style").isChecked()).toBe(true);
      expect(await box("house-style").isDisabled()).toBe(true);
      expect(await box("maps").isChecked()).toBe(false);
      // Two clicks while the card stays open: each PATCH sends every box checked, so both count.
      await box("maps").check();
      await eventually(async () => expect(await enabled()).toEqual(["maps"]));
      await box("notes").check();
      await eventually(async () => expect(await enabled()).toEqual(["maps", "notes"]));
      await box("maps").uncheck();
      await eventually(async () => expect(await enabled()).toEqual(["notes"]));
      // Closing the card re-reads the header: the boxes show what the server holds.
      await page.keyboard.press("Escape");
      await page.locator("#options-pill").click();
      await eventually(async () => expect(await box("notes").isChecked()).toBe(true));
      expect(await box("maps").isChecked()).toBe(false);
    });
  });
});
