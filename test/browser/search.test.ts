// The sidebar search in Chromium (M-08, M-09): typing finds a message in another agent's conversation
// under "Trong nội dung" with that agent's badge, and a click opens exactly that conversation; "Không có
// kết quả" only when titles and content both match nothing; ⌘K focuses the box (a phone's drawer stays
// open while hits arrive); a hostile message in a hit renders as inert text.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createConversation } from "../../src/store/conversations.ts";
import { openStore } from "../../src/store/db.ts";
import { appendMessage } from "../../src/store/messages.ts";
import { TSearch } from "../../src/texts/vi-search.ts";
import { api, atLeastConversations, chatSetup, eventually, inPage, openChat } from "../helpers/chat-page.ts";
import { expectInert, watch } from "../helpers/inert-check.ts";
import { CANARY } from "../helpers/xss-payloads.ts";

const s = chatSetup("search");
const PHONE = { width: 390, height: 800 };

/** A researcher conversation with one message, written through a second connection to the live home. */
async function researcherSays(title: string, content: string): Promise<string> {
  const agents = await api<{ agents: { id: string }[] }>(s, "GET", "/api/agents");
  if (!agents.agents.some((a) => a.id === "researcher")) await api(s, "POST", "/api/agents/install", { template: "researcher" });
  const store = openStore(join(s.home, "my-crew.db"));
  try {
    const c = createConversation(store, { agentId: "researcher", title });
    appendMessage(store, { conversationId: c.id, role: "assistant", content });
    return c.id;
  } finally {
    store.close();
  }
}

async function search(page: Page, q: string): Promise<void> {
  await page.locator("#conv-list .conv-search").click();
  await page.keyboard.type(q);
}

const hit = (page: Page, id: string) => page.locator(`#conv-hits .conv-hit[data-id="${id}"]`);

describe("sidebar search", () => {
  test("'don dep' finds 'dọn dẹp' in the researcher's conversation, badged; no 'no results'; a click opens it", async () => {
    const id = await researcherSays("Bảng giá vé", "Đã dọn dẹp xong bảng giá vé tháng này");
    await atLeastConversations(s, 8);
    await inPage(s, "search-hit", async (page) => {
      await openChat(page, s);
      await search(page, "don dep");
      await hit(page, id).waitFor();
      expect(await page.locator("#conv-hits .conv-hits-head").textContent()).toBe(TSearch.inContent);
      expect(await hit(page, id).locator(".agent-badge").textContent()).toBe("Nghiên cứu viên");
      expect(await hit(page, id).locator(".conv-title").textContent()).toBe("Bảng giá vé");
      expect(await hit(page, id).locator("mark").allTextContents()).toEqual(["dọn", "dẹp"]);
      // M-09: no title matches, but content does, so the list does not say "no results".
      expect(await page.locator("#conv-list .conv-row:not([hidden])").count()).toBe(0);
      expect(await page.locator(".conv-none").isVisible()).toBe(false);
      await hit(page, id).locator("a").click();
      await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, id);
      expect(page.url()).toBe(`${s.server.url}/c/${id}`);
      expect(await page.locator("#thread").innerText()).toContain("Đã dọn dẹp xong bảng giá vé tháng này");
    });
  });

  test("titles filter without accents too; 'no results' only when titles and content both match nothing", async () => {
    await atLeastConversations(s, 8);
    const mine = (await api<{ id: string }>(s, "POST", "/api/conversations", { title: "Đọc sách cuối tuần" })).id;
    await inPage(s, "search-none", async (page) => {
      await openChat(page, s);
      await search(page, "doc sach");
      await eventually(async () => expect(await page.locator("#conv-list .conv-row:not([hidden])").count()).toBe(1));
      expect(await page.locator(`#conv-list .conv-row[data-id="${mine}"]`).isVisible()).toBe(true);
      await page.locator("#conv-list .conv-search").fill("");
      await search(page, "khongcogica");
      await page.locator(".conv-none").waitFor();
      expect(await page.locator(".conv-none").textContent()).toBe(TSearch.noResults);
      expect(await page.locator("#conv-hits .conv-hit").count()).toBe(0);
    });
  });

  test("⌘K (Meta+K) focuses the search box from the composer", async () => {
    await atLeastConversations(s, 8);
    await inPage(s, "search-cmd-k", async (page) => {
      await openChat(page, s);
      await page.locator("#composer textarea").click();
      await page.keyboard.press("Meta+k");
      await page.waitForFunction(() => document.activeElement?.classList.contains("conv-search") === true);
    });
  });

  test("on a phone the drawer stays open while content hits arrive", async () => {
    const id = await researcherSays("Lịch chạy bộ", "Sáng mai chạy bộ quanh hồ");
    await atLeastConversations(s, 8);
    await inPage(s, "search-phone", async (page) => {
      await openChat(page, s);
      await page.locator("#composer textarea").click();
      await page.keyboard.press("Control+k");
      await page.waitForFunction(() => document.activeElement?.classList.contains("conv-search") === true);
      await page.keyboard.type("chay bo");
      await hit(page, id).waitFor();
      expect(await page.locator("#sidebar").getAttribute("class")).toContain("open");
      await hit(page, id).locator("a").click();
      await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, id);
      await page.waitForFunction(() => !document.querySelector("#sidebar")!.classList.contains("open"));
    }, PHONE);
  });

  test("a hostile message in a hit is shown as text: nothing runs, loads or gets processed by htmx or Alpine", async () => {
    const payload = `tuyenbo <img src=x onerror="fetch('${CANARY}s1');window.__pwned=1"> ` +
      `<b data-hx-get="${CANARY}s2" data-hx-trigger="load">x</b> <i x-init="fetch('${CANARY}s3');window.__pwned=3">y</i>`;
    const id = await researcherSays("Thử", payload);
    await atLeastConversations(s, 8);
    await inPage(s, "search-inert", async (page) => {
      const w = await watch(page);
      await openChat(page, s);
      await search(page, "tuyenbo");
      await hit(page, id).waitFor();
      const snippet = hit(page, id).locator(".hit-snippet");
      expect(await snippet.evaluate((el) => [...el.querySelectorAll("*")].map((e) => e.outerHTML))).toEqual(["<mark>tuyenbo</mark>"]);
      expect(await snippet.textContent()).toContain(`<img src=x onerror="fetch('${CANARY}s1')`);
      await expectInert(page, w, "search-hits");
    });
  });
});
