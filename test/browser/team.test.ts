// Manage → Đội in Chromium (F-24, F-22): install the researcher template with one click and see it in
// the crew, open its editor, have a bad save refused with its sentence (the typed text kept), then save.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { T_TEAM } from "../../src/texts/vi-team.ts";
import { withPage } from "../helpers/browser.ts";
import { api, chatSetup } from "../helpers/chat-page.ts";
import { PATIENCE } from "../helpers/wait.ts";

const s = chatSetup("team");

describe("Manage → Đội", () => {
  test("install a template in one click, then edit it: a bad save is refused, a good one runs at once", async () => {
    await withPage(s.browser, "team-install-edit", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      await page.goto(`${s.server.url}/manage/team`);
      const master = page.locator('.team-row[data-agent="default"]');
      expect(await master.locator(".team-name").innerText()).toBe("Trợ lý chính");
      const template = page.locator('.template-row[data-template="researcher"]');
      await template.getByRole("button", { name: T_TEAM.install }).click();
      const row = page.locator('.team-row[data-agent="researcher"]');
      await row.waitFor();
      expect(await template.locator(".is-set").innerText()).toBe(T_TEAM.installed);
      const ids = (els: Element[]) => els.map((e) => e.getAttribute("data-agent"));
      expect(await page.locator(".team-row[data-agent]").evaluateAll(ids)).toEqual(["default", "researcher"]);

      const file = join(s.home, "agents", "researcher", "agent.yaml");
      const bytes = readFileSync(file);
      await row.locator("summary", { hasText: T_TEAM.edit }).click();
      const yaml = row.locator('textarea[name="yaml"]');
      await yaml.fill("mode: robot\n");
      await row.getByRole("button", { name: T_TEAM.save }).click();
      // The row is swapped in anew after each answer: locate it again each time.
      const here = (css: string) => page.locator(`.team-row[data-agent="researcher"] ${css}`);
      const error = here(".team-error");
      await error.waitFor();
      expect(await error.innerText()).toContain(`${file}: key "mode"`);
      expect(await here('textarea[name="yaml"]').inputValue()).toBe("mode: robot\n");
      expect(readFileSync(file)).toEqual(bytes);

      await here('textarea[name="yaml"]').fill("name: Tra cứu\nmode: work\n");
      await here(`button:text-is("${T_TEAM.save}")`).click();
      await here(".flash-ok").filter({ hasText: T_TEAM.saved }).waitFor();
      expect(await here(".team-name").innerText()).toBe("Tra cứu");
      expect(await here(".badge-mode").innerText()).toBe(T_TEAM.mode.work!);
      expect(await here(".team-error").count()).toBe(0);
      // The refused save's 422 is the only thing the console reports.
      expect(errors.filter((e) => !e.includes("422"))).toEqual([]);
    });
    const { agents } = await api(s, "GET", "/api/agents");
    const researcher = agents.find((a: { id: string }) => a.id === "researcher");
    expect(researcher).toMatchObject({ name: "Tra cứu", mode: "work" });
  });
});
