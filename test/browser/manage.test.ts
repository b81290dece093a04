// The Manage screen in Chromium: a stopped run needs the owner until "Đã xem" (remembered across a
// reload), an approval decided on the approvals page continues the chat tab's turn, and a run page
// opens by direct URL.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { api, busyTool, chatSetup, inPage, newConversation } from "../helpers/chat-page.ts";

const s = chatSetup("manage");

describe("Manage screen", () => {
  test("a stopped run appears in 'Cần bạn xử lý' and is gone after 'Đã xem', also after a reload", async () => {
    const id = await newConversation(s, { autonomous: true });
    const busy = busyTool(s);
    const body = JSON.stringify({ text: busy.text });
    const headers = { "content-type": "application/json" };
    void fetch(`${s.server.url}/api/conversations/${id}/messages`, { method: "POST", headers, body });
    expect(await busy.started()).toBe(true);
    expect((await api(s, "POST", `/api/conversations/${id}/stop`)).cancelled).toBe(true);
    const run = (await api(s, "GET", "/api/activity/runs")).runs.find((r: any) => r.conversation_id === id);
    await inPage(s, "manage-needs-you", async (page) => {
      await page.goto(`${s.server.url}/manage/activity`);
      const row = page.locator(`.needs-you li[data-run="${run.id}"]`);
      await row.waitFor({ state: "visible" });
      expect(await page.locator(".needs-you").getAttribute("class")).toContain("card-warn");
      await row.getByRole("button", { name: T.markSeen }).click();
      await row.waitFor({ state: "hidden" });
      await page.reload();
      await page.locator(".needs-you h2").waitFor();
      expect(await page.locator(`.needs-you li[data-run="${run.id}"]`).isVisible()).toBe(false);
      expect(await page.locator(".needs-you").getAttribute("class")).toContain("card-grey");
      expect(await page.locator(".needs-you").innerText()).toContain(T.nothingNeedsYou);
    });
  });

  test("an approval decided on the approvals page continues the turn the chat tab shows", async () => {
    const id = await newConversation(s);
    await inPage(s, "manage-approve", async (chat) => {
      await chat.goto(`${s.server.url}/c/${id}`);
      await chat.locator("#composer textarea").fill('/tool file_write {"path":"from-manage.txt","content":"ok"}');
      await chat.keyboard.press("Enter");
      await chat.locator("#approval-bar .approval").waitFor();
      const manage = await chat.context().newPage();
      await manage.goto(`${s.server.url}/manage/approvals`);
      await manage.waitForFunction(() => document.title.startsWith("(1) "));
      await manage.locator(".approval-item.outcome-pending").getByRole("button", { name: T.approve, exact: true }).click();
      await manage.locator(".outcome-approved").first().waitFor();
      await chat.locator('.tool-card.st-done[data-tool="file_write"]').waitFor();
      await chat.locator(".msg.assistant", { hasText: "file_write:" }).waitFor();
      expect(await chat.locator("#approval-bar .approval").count()).toBe(0);
    });
  });

  test("the run page opens by direct URL with its timeline and export links", async () => {
    const id = await newConversation(s);
    await fetch(`${s.server.url}/api/inbound`, { method: "POST", body: JSON.stringify({ text: "chào", conversation_id: id }) });
    const run = (await api(s, "GET", "/api/activity/runs")).runs.find((r: any) => r.conversation_id === id);
    await inPage(s, "manage-run-page", async (page) => {
      await page.goto(`${s.server.url}/manage/activity/${run.id}`);
      await page.locator(".run-status-line").waitFor();
      expect(await page.locator(".run-status-line").innerText()).toBe(T.runEndedAs(T.runStatus.done!, 1));
      expect(await page.locator(".timeline .step-model").count()).toBe(1);
      expect(await page.locator(`a[href="/api/activity/runs/${run.id}/export.md"]`).count()).toBe(1);
      await page.locator('.manage-nav a[href="/manage/costs"]').click();
      await page.locator(".costs-page").waitFor();
      expect(page.url()).toEndWith("/manage/costs");
    });
    const missing = await fetch(`${s.server.url}/manage/activity/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(T.runMissing);
  });
});
