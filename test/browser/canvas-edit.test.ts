// The owner's editor on a canvas's own page (M-37, docs/canvas-ui.md): a save made on a version that is
// no longer the latest is refused, says so, and keeps the person's text; the next save on the latest
// version goes through.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createCanvas } from "../../src/store/canvases.ts";
import { openStore } from "../../src/store/db.ts";
import { withPage } from "../helpers/browser.ts";
import { chatSetup, inPage, newConversation, openChat } from "../helpers/chat-page.ts";

const s = chatSetup("canvas-edit");
const CONFLICT = "Canvas vừa có phiên bản mới hơn";

describe("saving a canvas", () => {
  test("a stale save is refused with a sentence and the text kept; a reload and save goes through", async () => {
    const conv = await newConversation(s);
    const store = openStore(join(s.home, "my-crew.db"));
    let id: string;
    try {
      id = createCanvas(store, { agentId: "default", conversationId: conv, title: "Nháp", kind: "markdown",
        content: "bản đầu", author: "agent" }).id;
    } finally {
      store.close();
    }
    // The browser logs the refused save itself; any other console error fails the test.
    await withPage(s.browser, "canvas-edit-conflict", {}, async (page, errors) => {
      await page.goto(`${s.server.url}/canvas/${id}`);
      await page.waitForFunction(() => !!(document.querySelector("#canvas-view") as any)?._x_dataStack);
      await page.locator("#canvas-view .canvas-edit").click();
      await page.locator("#canvas-view .canvas-text").fill("bản của tôi");
      // Someone else writes version 2 meanwhile.
      const put = await fetch(`${s.server.url}/api/canvases/${id}`, { method: "PUT",
        headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "bản khác", base_version: 1 }) });
      expect(put.status).toBe(200);
      const refused = page.waitForResponse((r) => r.request().method() === "PUT");
      await page.locator("#canvas-view .canvas-save").click();
      expect((await refused).status()).toBe(409);
      await page.locator("#canvas-view .canvas-editor .notice").filter({ hasText: CONFLICT }).waitFor();
      expect(await page.locator("#canvas-view .canvas-text").inputValue()).toBe("bản của tôi");

      await page.reload();
      await page.waitForFunction(() => !!(document.querySelector("#canvas-view") as any)?._x_dataStack);
      expect(await page.locator("#canvas-view .canvas-meta").innerText()).toContain("phiên bản 2");
      await page.locator("#canvas-view .canvas-edit").click();
      await page.locator("#canvas-view .canvas-text").fill("bản của tôi, trên bản mới");
      await page.locator("#canvas-view .canvas-save").click();
      await page.locator("#canvas-view .canvas-meta").filter({ hasText: "phiên bản 3" }).waitFor();
      expect(await page.locator("#canvas-view .canvas-md").innerText()).toBe("bản của tôi, trên bản mới");
      expect(await page.locator("#canvas-view .canvas-version").count()).toBe(3);
      expect(errors.filter((e) => !e.includes("409 (Conflict)"))).toEqual([]);
    });
  });
});

describe("the panel on a phone", () => {
  test("starts closed so the chat stays usable; its button opens it over the screen", async () => {
    const conv = await newConversation(s);
    const store = openStore(join(s.home, "my-crew.db"));
    try {
      createCanvas(store, { agentId: "default", conversationId: conv, title: "Nháp", kind: "markdown",
        content: "trên điện thoại", author: "agent" });
    } finally {
      store.close();
    }
    await inPage(s, "canvas-phone", async (page) => {
      await openChat(page, s, conv);
      const reopen = page.locator("#canvas-panel .canvas-reopen");
      await reopen.waitFor();
      expect(await page.locator("#canvas-view").isVisible()).toBe(false);
      expect(await page.locator("#composer textarea").isVisible()).toBe(true);
      await reopen.click();
      await page.locator("#canvas-view .canvas-md").filter({ hasText: "trên điện thoại" }).waitFor();
      const box = (await page.locator("#canvas-panel").boundingBox())!;
      expect(box.width).toBe(390);
    }, { width: 390, height: 800 });
  });
});

describe("an unsaved edit in the panel", () => {
  test("survives the panel the stream re-sends after a write, and its save reports that write", async () => {
    const conv = await newConversation(s);
    const store = openStore(join(s.home, "my-crew.db"));
    let id: string;
    try {
      id = createCanvas(store, { agentId: "default", conversationId: conv, title: "Nháp", kind: "markdown",
        content: "bản đầu", author: "agent" }).id;
    } finally {
      store.close();
    }
    await withPage(s.browser, "canvas-draft-kept", {}, async (page, errors) => {
      await openChat(page, s, conv);
      await page.locator("#canvas-view .canvas-edit").click();
      await page.locator("#canvas-view .canvas-text").fill("nháp của tôi");
      const put = await fetch(`${s.server.url}/api/canvases/${id}`, { method: "PUT",
        headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "bản khác", base_version: 1 }) });
      expect(put.status).toBe(200);
      await page.locator("#canvas-view .canvas-meta").filter({ hasText: "phiên bản 2" }).waitFor();
      await page.locator("#canvas-view .canvas-text").waitFor({ state: "visible" });
      expect(await page.locator("#canvas-view .canvas-text").inputValue()).toBe("nháp của tôi");
      await page.locator("#canvas-view .canvas-save").click();
      await page.locator("#canvas-view .canvas-editor .notice").filter({ hasText: CONFLICT }).waitFor();
      expect(errors.filter((e) => !e.includes("409 (Conflict)"))).toEqual([]);
    });
  });
});
