// The LAN login as a person on another device meets it, in Chromium: the real app on a socket sees
// every request as coming from a LAN address, so pages ask for the login; Settings then signs the
// other devices out (swapped in place) and logs this one out.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { TA } from "../../src/texts/vi-auth.ts";
import { launch, withPage } from "../helpers/browser.ts";
import { lanApp, PASSWORD } from "../helpers/lan.ts";
import { PATIENCE } from "../helpers/wait.ts";

setDefaultTimeout(60_000);
let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
let url: string;

beforeAll(async () => {
  const { app } = await lanApp({ start: Date.now() });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req) => app.fetch(req, { ip: "192.168.1.50" }) });
  url = `http://127.0.0.1:${server.port}`;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  server?.stop(true);
});

async function logIn(page: Page) {
  await page.goto(`${url}/manage/settings`);
  expect(new URL(page.url()).pathname).toBe("/login");
  await page.locator('input[name="secret"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${url}/`);
  await page.goto(`${url}/manage/settings`);
  await page.locator("#sessions").waitFor();
}

describe("LAN login in the browser", () => {
  test("log in, sign the other device out, then log out", async () => {
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      await logIn(phone);
      await withPage(browser, "login-sessions", {}, async (page, errors) => {
        page.setDefaultTimeout(PATIENCE);
        await logIn(page);
        const card = page.locator("#sessions");
        expect(await card.innerText()).toContain(TA.others(1));
        await card.getByRole("button", { name: TA.signOutOthers }).click();
        await card.getByText(TA.signedOutOthers(1)).waitFor();
        expect(await page.locator("#sessions").innerText()).toContain(TA.others(0));
        await phone.reload();
        expect(new URL(phone.url()).pathname).toBe("/login");
        await page.locator("#sessions").getByRole("button", { name: TA.logout }).click();
        await page.waitForURL(`${url}/login`);
        await page.goto(`${url}/manage/settings`);
        expect(new URL(page.url()).pathname).toBe("/login");
        expect(errors).toEqual([]);
      });
    } finally {
      await other.close();
    }
  });
});
