// Manage → Công cụ in Chromium (M-49): reached from the nav, it lists the master's tools with their rules in
// words; an installed member shows its allow-list and only those tools (a keyed one greyed while its key is
// unset); on a phone the page does not scroll sideways.
import { describe, expect, test } from "bun:test";
import { T_TOOLS } from "../../src/texts/vi-tools-page.ts";
import { T } from "../../src/texts/vi.ts";
import { api, chatSetup, inPage } from "../helpers/chat-page.ts";

const s = chatSetup("tools");

describe("Manage → Công cụ", () => {
  test("from the nav: each agent's tools with source, declaration and approval rule", async () => {
    await api(s, "POST", "/api/agents/install", { template: "researcher" });
    await inPage(s, "tools-page", async (page) => {
      await page.goto(`${s.server.url}/manage/activity`);
      await page.locator(".manage-nav").getByRole("link", { name: T.sections.tools }).click();
      await page.locator("#tools").waitFor();
      expect(new URL(page.url()).pathname).toBe("/manage/tools");
      const master = page.locator('.tools-agent[data-agent="default"]');
      expect(await master.locator(".team-name").innerText()).toBe("Trợ lý chính");
      const rule = (agent: string, tool: string) =>
        page.locator(`.tools-agent[data-agent="${agent}"] .tools-row[data-tool="${tool}"] .tools-rule`).innerText();
      expect(await rule("default", "schedule_create")).toBe(T_TOOLS.rule.always!);
      expect(await rule("default", "file_write")).toBe(T_TOOLS.rule.asks!);
      expect(await rule("default", "file_read")).toBe(T_TOOLS.rule.never!);
      expect(await master.locator(".tools-allow").innerText()).toBe(T_TOOLS.allowAll);

      const researcher = page.locator('.tools-agent[data-agent="researcher"]');
      const names = await researcher.locator(".tools-row").evaluateAll((els) => els.map((e) => e.getAttribute("data-tool")));
      // In the crew's declaration order; the keyed tool the allow-list names but the key does not give, last.
      expect(names).toEqual(["file_read", "file_list", "file_search", "file_write", "progress_note", "fetch_url",
        "pdf_read", "image_read", "tool_script", "web_search"]);
      expect(await researcher.locator(".tools-allow code").first().innerText()).toBe("web_search");
      const search = researcher.locator('.tools-row[data-tool="web_search"]');
      expect(await search.getAttribute("class")).toContain("is-off");
      expect(await search.innerText()).toContain(T_TOOLS.unavailable);
      expect(await researcher.locator(".tools-script").innerText()).toBe(T_TOOLS.scriptCalls.off!);
    });
  });

  test("on a phone the page fits the screen's width", async () => {
    await inPage(s, "tools-phone", async (page) => {
      await page.goto(`${s.server.url}/manage/tools`);
      await page.locator('.tools-row[data-tool="schedule_create"]').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }, { width: 390, height: 800 });
  });
});
