// Manage → Việc định kỳ in Chromium (M-45, M-48): a profile job and a chat job with their schedule in words
// beside the raw timing, a slot missed while the server was down, run now followed live, the history on
// demand, a pause that survives a reload, a chat job deleted, and the nav counting a failed job.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { createSchedule } from "../../src/store/schedules.ts";
import { T_JOBS_PAGE as TJ } from "../../src/texts/vi-jobs-page.ts";
import { launch, withPage } from "../helpers/browser.ts";
import { jobsApp } from "../helpers/jobs-app.ts";
import { PATIENCE } from "../helpers/wait.ts";

setDefaultTimeout(60_000);
let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
let url: string;
let t: Awaited<ReturnType<typeof jobsApp>>;

const MASTER_YAML = `schedules:
  - {id: morning, name: Bản tin sáng, cron: "0 7 * * *", prompt: "Chào buổi sáng"}
`;

beforeAll(async () => {
  // Up at 06:30 owner time, down across 07:00, back at 07:10: the 07:00 slots are missed.
  t = await jobsApp({
    masterYaml: MASTER_YAML, at: "2026-10-12T23:30:00Z", restartAt: "2026-10-13T00:10:00Z",
    before: (s) => void createSchedule(s, { id: "chat-news", agentId: "default", name: "Tin", every: "30m", prompt: "Tin" }),
  });
  // The idle limit of the real server (listen.ts): the Manage stream stays open past Bun's 10 s default.
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

describe("Manage → Việc định kỳ", () => {
  test("words and raw timing, a missed slot, run now live, history, pause across a reload, delete", async () => {
    await withPage(browser, "jobs-page", {}, async (page, errors) => {
      page.setDefaultTimeout(PATIENCE);
      page.on("dialog", (d) => void d.accept());
      await page.goto(`${url}/manage/jobs`);
      const morning = page.locator('.job-row[data-job="default/morning"]');
      const chat = page.locator('.job-row[data-job="default/chat-news"]');
      expect(await morning.locator(".job-words").innerText()).toBe("Mỗi ngày lúc 07:00");
      expect(await morning.locator(".job-raw").innerText()).toBe("0 7 * * *");
      expect(await chat.locator(".job-words").innerText()).toBe("Mỗi 30 phút");
      expect(await chat.locator(".job-raw").innerText()).toBe("30m");
      const missed = morning.locator(".slot-missed");
      expect(await missed.isVisible()).toBe(true);
      expect(await missed.innerText()).toBe(`07:00 ${TJ.outcome.missed}: ${TJ.reason.down}`);

      // A run the page did not ask for (as the clock starts one) reaches it on the Manage stream.
      expect(await morning.locator(".job-last").innerText()).toBe(TJ.never);
      expect(t.sched.runNow("default/morning")).toEqual({ ok: true });
      await morning.locator(".job-last", { hasText: TJ.ended("xong") }).waitFor();
      const answered = page.waitForResponse((r) => r.url().endsWith("/manage/jobs/run"));
      await morning.getByRole("button", { name: TJ.runNow }).click();
      expect((await answered).status()).toBe(200);
      await morning.getByRole("button", { name: TJ.history }).click();
      const history = page.locator('.job[data-job="default/morning"] .job-runs');
      const links = history.locator('a[href^="/manage/activity/"]');
      await links.first().waitFor();
      expect(await links.count()).toBe(2);

      await morning.getByRole("button", { name: TJ.pause }).click();
      await morning.getByRole("button", { name: TJ.resume }).waitFor();
      await page.reload();
      await morning.getByRole("button", { name: TJ.resume }).waitFor();
      expect(await morning.locator(".job-paused").innerText()).toBe(TJ.pausedNote);

      await chat.getByRole("button", { name: TJ.remove }).click();
      await page.locator('.job[data-job="default/chat-news"]').waitFor({ state: "detached" });
      await page.reload();
      await morning.waitFor();
      expect(await page.locator('.job[data-job="default/chat-news"]').count()).toBe(0);

      // A failed run counts on the nav's jobs item (M-40), brought by the stream's counters.
      const badge = page.locator('.nav-item[href="/manage/jobs"] .badge');
      expect(await badge.isVisible()).toBe(false);
      t.ends.status = "error";
      expect(t.sched.runNow("default/morning")).toEqual({ ok: true });
      await badge.filter({ hasText: "1" }).waitFor();
      expect(errors).toEqual([]);
    });
  });
});
