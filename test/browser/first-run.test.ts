// The first run in real Chromium (issue 11): a server started with no model route shows the welcome
// card; one click on "Thử với mô hình giả" reloads into a chat that answers, with no restart.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { FIRST_RUN } from "../../src/texts/vi-first-run.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";
import { launch, withPage } from "../helpers/browser.ts";

setDefaultTimeout(60_000);

describe("first run", () => {
  test("the welcome card's button sets the fake model and the chat then answers", async () => {
    const server = await startBinary(["--port", "0", "--home", tempDir("first-run")]);
    const browser = await launch();
    try {
      await withPage(browser, "first-run", {}, async (page, errors) => {
        await page.goto(`${server.url}/`);
        const card = page.locator("#first-run");
        await card.waitFor();
        expect(await card.locator("h2").innerText()).toBe(FIRST_RUN.title);
        expect(await card.locator('a[href="/manage/connections"]').innerText()).toBe(FIRST_RUN.openConnections);
        await card.getByRole("button", { name: FIRST_RUN.tryFake }).click();
        await card.waitFor({ state: "detached" });
        await page.locator(".welcome h2").waitFor();
        const box = page.locator("#composer textarea");
        await box.click();
        await page.keyboard.type("chào mô hình giả");
        await page.keyboard.press("Enter");
        await page.locator("#thread .msg.assistant .bubble", { hasText: "chào mô hình giả" }).waitFor();
        expect(errors).toEqual([]);
      });
    } finally {
      await browser.close();
      server.proc.kill("SIGKILL");
      await server.proc.exited;
    }
  });
});
