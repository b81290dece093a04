// Manage → Trí nhớ in Chromium (G-03, G-04, M-49): a job's proposal is accepted from the page — the file is
// written, the nav badge counts down live, the decision offers a rollback that restores the exact file — and
// an edit saved from an editor; hostile text in proposals and files stays inert text.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { proposeMemory } from "../../src/store/memory-proposals.ts";
import { TM_PAGE as TP } from "../../src/texts/vi-memory.ts";
import { testApp } from "../helpers/app.ts";
import { launch, withPage } from "../helpers/browser.ts";
import { expectInert, watch } from "../helpers/inert-check.ts";
import { PAYLOADS } from "../helpers/xss-payloads.ts";
import { PATIENCE } from "../helpers/wait.ts";

setDefaultTimeout(60_000);
let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
let url: string;
let t: Awaited<ReturnType<typeof testApp>>;

const OLD = "# Master\r\n- old fact\r\n";
const HOSTILE = PAYLOADS.join("\n");

beforeAll(async () => {
  t = await testApp();
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 120, fetch: (req) => t.app.fetch(req) });
  url = `http://127.0.0.1:${server.port}`;
  browser = await launch();
});
afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    server?.stop(true);
  }
});

describe("Manage → Trí nhớ", () => {
  test("a consolidation accepted from the page, rolled back, and the badge following live", async () => {
    writeFileSync(join(t.root, "MEMORY.md"), OLD);
    const p = proposeMemory(t.store, { agentId: "default", scope: "agent", path: "MEMORY.md", oldText: OLD,
      newText: "# Master\n- consolidated\n", reason: "2026-11-29…2026-11-30", source: "memory:consolidate" });
    const memory = () => readFileSync(join(t.root, "MEMORY.md"), "utf8");
    await withPage(browser, "memory-accept", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      await page.goto(`${url}/manage/memory`);
      const badge = page.locator('.nav-item[href="/manage/memory"] .badge');
      expect(await badge.innerText()).toBe("1");
      const item = page.locator(`#proposal-${p.id}`);
      expect(await item.locator(".memory-text").first().innerText()).toBe("# Master\n- consolidated\n");
      await item.getByRole("button", { name: TP.named(TP.accept, p.id) }).click();
      await page.locator(".flash-ok", { hasText: TP.acceptedFlash }).waitFor();
      await badge.waitFor({ state: "hidden" });
      expect(memory()).toBe("# Master\n- consolidated\n");
      expect(await page.locator(`#proposal-${p.id}`).getAttribute("data-status")).toBe("accepted");
      expect(await page.locator("#memory-file-default textarea").inputValue()).toBe("# Master\n- consolidated\n");

      await page.getByRole("button", { name: TP.named(TP.rollback, p.id) }).click();
      await page.locator(".flash-ok", { hasText: TP.rolledBackFlash }).waitFor();
      expect(Buffer.from(memory())).toEqual(Buffer.from(OLD));
      await badge.waitFor({ state: "visible" });
      expect(await badge.innerText()).toBe("1");

      // A proposal made while the page is open (a job's turn) arrives on the Manage stream.
      const later = proposeMemory(t.store, { agentId: "default", scope: "user", path: "users/owner/memory/2026-12-01.md",
        newText: "- 07:00 owner flies to Huế\n", source: "job:default/brief" });
      t.runtime.hub.memoryTouched();
      await page.locator(`#proposal-${later.id}`).waitFor();
      await page.getByRole("button", { name: TP.named(TP.reject, later.id) }).click();
      await page.locator(".flash-ok", { hasText: TP.rejectedFlash }).waitFor();
      await page.getByRole("button", { name: TP.named(TP.reject, p.id) }).click();
      await page.locator(`#proposal-${p.id}[data-status="rejected"]`).waitFor();
      expect(errors).toEqual([]);
    });
  });

  test("an editor saves the owner's facts; hostile text in a proposal and a file stays text", async () => {
    writeFileSync(join(t.root, "MEMORY.md"), HOSTILE);
    proposeMemory(t.store, { agentId: "default", scope: "agent", path: "MEMORY.md", oldText: HOSTILE,
      newText: `${HOSTILE}\n${HOSTILE}` });
    await withPage(browser, "memory-inert", {}, async (page) => {
      page.setDefaultTimeout(PATIENCE);
      const w = await watch(page);
      await page.goto(`${url}/manage/memory`);
      expect(await page.locator("#memory-file-default textarea").inputValue()).toBe(HOSTILE);
      expect(await page.locator(".memory-text *").count()).toBe(0);
      await expectInert(page, w, "manage/memory");

      const user = page.locator("#memory-file-user");
      await user.locator("textarea").fill("Owner: Lan\nPrefers Vietnamese");
      await user.getByRole("button", { name: TP.save }).click();
      await page.locator("#memory-file-user .flash-ok", { hasText: TP.saved }).waitFor();
      expect(readFileSync(join(t.root, "users", "owner", "USER.md"), "utf8")).toBe("Owner: Lan\nPrefers Vietnamese");
    });
  });
});
