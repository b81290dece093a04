// Canvases in the browser (issue 19, M-37): a canvas appears beside the chat while the agent writes it,
// the owner edits it, the agent's next edit builds on the owner's version, a version is restored, and
// the preview follows the device's switch. The sandbox is in canvas-inert.test.ts.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createCanvas } from "../../src/store/canvases.ts";
import { openStore } from "../../src/store/db.ts";
import { startBinary, stopAll, tempDir, type Running } from "../helpers/binary.ts";
import { launch, withPage } from "../helpers/browser.ts";
import { startSteppedProvider, type SteppedProvider } from "../helpers/stepped-provider.ts";
import { PATIENCE } from "../helpers/wait.ts";

setDefaultTimeout(90_000);
let browser: Browser;
let server: Running;
let provider: SteppedProvider;
let home: string;

beforeAll(async () => {
  home = tempDir("browser-canvas");
  provider = startSteppedProvider();
  const env = { MY_AGENT_ROUTES: "openai:gpt-4.1-mini", OPENAI_API_KEY: "sk-test-canvas", OPENAI_BASE_URL: provider.url };
  await Promise.all([
    launch().then((b) => (browser = b)),
    startBinary(["--port", "0", "--home", home], { env }).then((r) => (server = r)),
  ]);
});
afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    provider?.stop();
    await stopAll();
  }
});

async function newConversation(): Promise<string> {
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", body: "{}",
    headers: { "content-type": "application/json" } });
  return ((await res.json()) as { id: string }).id;
}

/** A fresh context per test; any page or console error fails it. */
async function inPage(name: string, body: (page: Page) => Promise<void>): Promise<void> {
  await withPage(browser, name, {}, async (page, errors) => {
    page.setDefaultTimeout(PATIENCE);
    await body(page);
    expect(errors.filter((e) => !e.includes("Content Security Policy"))).toEqual([]);
  });
}

/** Opens the chat and waits for Alpine; then sends like a person and waits until the server took it. */
async function openChat(page: Page, conv: string): Promise<void> {
  await page.goto(`${server.url}/c/${conv}`);
  await page.waitForFunction(() => !!(document.querySelector("#composer") as any)?._x_dataStack);
}
async function say(page: Page, text: string): Promise<void> {
  const box = page.locator("#composer textarea");
  await box.fill(text);
  await box.press("Enter");
  await page.waitForFunction(() => (document.querySelector("#composer textarea") as HTMLTextAreaElement).value === "");
}
const meta = (page: Page) => page.locator("#canvas-view .canvas-meta");
const shown = (page: Page) => page.locator("#canvas-view .canvas-md");

describe("a canvas beside the chat (M-37)", () => {
  test("appears while the agent writes; the owner edits; the agent builds on it; a version is restored", async () => {
    const conv = await newConversation();
    await inPage("canvas-live", async (page) => {
      await openChat(page, conv);
      provider.answer({ tool: "artifact_create", pieces: [
        '{"title":"Kế hoạch","kind":"markdown","content":"# Kế hoạch\\nBước một',
        "\\nBước hai",
        '\\nBước ba"}',
      ] }, { text: "Đã tạo." });
      await say(page, "viết kế hoạch");
      const preview = page.locator("#canvas-panel .canvas-preview-text");
      await preview.filter({ hasText: "Bước một" }).waitFor();
      expect(await preview.innerText()).not.toContain("Bước hai");
      expect(await page.locator("#canvas-panel .canvas-preview .canvas-title").innerText()).toBe("Kế hoạch");
      provider.step();
      await preview.filter({ hasText: "Bước hai" }).waitFor();
      expect(await preview.innerText()).not.toContain("Bước ba");
      provider.step();
      // Written: the stream's panel, rendered from the store, replaces the preview.
      await shown(page).filter({ hasText: "Bước ba" }).waitFor();
      expect(await meta(page).innerText()).toContain("phiên bản 1");
      expect(await page.locator("#canvas-panel .canvas-preview").isVisible()).toBe(false);
      const id = (await page.getAttribute("#canvas-view", "data-canvas"))!;

      // The owner's edit is a version by the owner.
      await page.locator("#canvas-view .canvas-edit").click();
      await page.locator("#canvas-view .canvas-text").fill("# Kế hoạch\nBước một\nBước hai của tôi\nBước ba");
      await page.locator("#canvas-view .canvas-save").click();
      await meta(page).filter({ hasText: "phiên bản 2" }).waitFor();
      expect(await shown(page).innerText()).toContain("Bước hai của tôi");

      // The agent's next edit replaces text only the owner's version has.
      provider.answer({ tool: "artifact_edit", pieces: [
        `{"id":"${id}","old_string":"Bước hai của tôi","new_string":"Bước hai của tôi, đã duyệt"}`,
      ] }, { text: "Đã sửa." });
      await say(page, "duyệt bước hai");
      await meta(page).filter({ hasText: "phiên bản 3" }).waitFor();
      expect(await shown(page).innerText()).toContain("Bước hai của tôi, đã duyệt");
      const v3 = await (await fetch(`${server.url}/api/canvases/${id}/versions/3`)).json() as { content: string };
      expect(v3.content).toBe("# Kế hoạch\nBước một\nBước hai của tôi, đã duyệt\nBước ba");

      // Restoring version 1 writes version 4 with its text.
      await page.locator("#canvas-view .canvas-versions summary").click();
      await page.locator('#canvas-view .canvas-version[data-version="1"] .canvas-restore').click();
      await meta(page).filter({ hasText: "phiên bản 4" }).waitFor();
      expect(await shown(page).innerText()).not.toContain("của tôi");
      const v4 = await (await fetch(`${server.url}/api/canvases/${id}/versions/4`)).json() as { content: string };
      expect(v4.content).toBe("# Kế hoạch\nBước một\nBước hai\nBước ba");
    });
  });
});

describe("the preview of an edit", () => {
  test("shows the open canvas with old_string replaced by new_string as far as it has come", async () => {
    const conv = await newConversation();
    const store = openStore(join(home, "my-crew.db"));
    let id: string;
    try {
      id = createCanvas(store, { agentId: "default", conversationId: conv, title: "Danh sách", kind: "markdown",
        content: "một hai ba", author: "agent" }).id;
    } finally {
      store.close();
    }
    await inPage("canvas-edit-preview", async (page) => {
      await openChat(page, conv);
      // The partial-JSON reader: escapes decoded, a cut escape dropped, completeness told.
      const read = await page.evaluate(() => [
        (window as any).partialField('{"a":1,"content":"x\\n\\u00e9\\"y\\u00', "content"),
        (window as any).partialField('{"content":"done","b":2}', "content"),
        (window as any).partialField('{"title":"t', "content"),
      ]);
      expect(read).toEqual([{ text: 'x\né"y', done: false }, { text: "done", done: true }, null]);
      provider.answer({ tool: "artifact_edit", pieces: [`{"id":"${id}","old_string":"hai","new_string":"HAI`, ' MỚI"}'] },
        { text: "Đã sửa." });
      await say(page, "sửa");
      const preview = page.locator("#canvas-panel .canvas-preview-text");
      await preview.filter({ hasText: "một HAI ba" }).waitFor();
      expect(await page.locator("#canvas-panel .canvas-preview .canvas-title").innerText()).toBe("Danh sách");
      provider.step();
      await shown(page).filter({ hasText: "một HAI MỚI ba" }).waitFor();
      expect(await meta(page).innerText()).toContain("phiên bản 2");
    });
  });
});

describe("the preview switch (M-37)", () => {
  test("switched off in Settings, this device shows no preview, only the stored canvas; closing and reopening", async () => {
    const conv = await newConversation();
    await inPage("canvas-preview-off", async (page) => {
      await page.goto(`${server.url}/manage/settings`);
      const box = page.locator(".settings-page .switch input");
      await page.waitForFunction(() => !!(document.querySelector(".settings-page") as any)?._x_dataStack);
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      expect(await page.evaluate(() => localStorage.getItem("my-crew:canvasPreview"))).toBe('"off"');
      await openChat(page, conv);
      // Records whether the preview was ever visible, at every change of the page.
      await page.evaluate(() => {
        const w = window as any;
        w.previewSeen = false;
        const look = () => {
          const p = document.querySelector("#canvas-panel .canvas-preview") as HTMLElement | null;
          if (p?.offsetParent) w.previewSeen = true;
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      provider.answer({ tool: "artifact_create", pieces: [
        '{"title":"Ghi chú","kind":"markdown","content":"Phần đầu',
        ' và phần sau"}',
      ] }, { text: "Xong." });
      await say(page, "ghi lại");
      provider.step();
      await shown(page).filter({ hasText: "Phần đầu và phần sau" }).waitFor();
      expect(await page.evaluate(() => (window as any).previewSeen)).toBe(false);

      // Alpine applies a click on its next tick: wait for the state, never read it at once.
      await page.locator("#canvas-panel .canvas-close").click();
      await page.locator("#canvas-view").waitFor({ state: "hidden" });
      await page.locator("#canvas-panel .canvas-reopen").click();
      await page.locator("#canvas-view").waitFor({ state: "visible" });
    });
  });
});
