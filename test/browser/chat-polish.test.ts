// Daily-use polish in real Chromium: rename and delete from the sidebar and the header, the tool
// card's disclosure, and screenshots of the chat (desktop and phone, light and dark) with a tool card,
// a Markdown table and a long thread, saved to test-output/screenshots/ for a person to look at.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { TConv } from "../../src/texts/vi-conversations.ts";
import { TTool } from "../../src/texts/vi-tools.ts";
import { withPage } from "../helpers/browser.ts";
import {
  api, chatSetup, eventually, inPage, newConversation, openChat, sendAccepted, waitIdle,
} from "../helpers/chat-page.ts";

const s = chatSetup("polish");
const SHOTS = join(import.meta.dir, "..", "..", "test-output", "screenshots");
const TABLE = ["| Ngày | Việc | Chi phí |", "|---|---|---|", "| Thứ hai | Đi chợ | 120.000đ |",
  "| Thứ ba | [Lịch](https://example.com) | `0đ` |"].join("\n");

const title = (page: Page) => page.locator("#chat-header .chat-title").innerText();
const row = (page: Page, id: string) => page.locator(`#conv-list .conv-row[data-id="${id}"]`);

describe("conversation titles, rename and delete", () => {
  test("rename from the sidebar renames the row, the open header and the tab title", async () => {
    const id = await newConversation(s, { title: "Tên cũ" });
    await inPage(s, "polish-rename", async (page) => {
      await openChat(page, s, id);
      const r = row(page, id);
      await r.locator(".conv-menu-btn").click();
      const input = r.locator(".conv-rename input[name=title]");
      await input.fill("Kế hoạch Tết");
      await input.press("Enter");
      await eventually(async () => expect(await row(page, id).locator(".conv-title").innerText()).toBe("Kế hoạch Tết"));
      await eventually(async () => expect(await title(page)).toBe("Kế hoạch Tết"));
      expect(await page.title()).toBe("Kế hoạch Tết");
    });
  });

  test("a refused rename shows the server's sentence in the form and changes nothing", async () => {
    const id = await newConversation(s, { title: "Giữ nguyên" });
    await withPage(s.browser, "polish-rename-refused", {}, async (page, errors) => {
      await openChat(page, s, id);
      // Only spaces: the browser's own check passes it (required sees characters), the server refuses.
      await row(page, id).locator(".conv-menu-btn").click();
      await row(page, id).locator(".conv-rename input[name=title]").fill("   ");
      await row(page, id).locator(".conv-rename button[type=submit]").click();
      const error = row(page, id).locator(".conv-rename .form-error");
      await eventually(async () => expect(await error.innerText()).toBe(TConv.titleEmpty));
      expect((await api(s, "GET", `/api/conversations/${id}`)).title).toBe("Giữ nguyên");
      // The 422 itself is the only thing the console reports.
      expect(errors.filter((e) => !e.includes("422"))).toEqual([]);
    });
  });

  test("delete another from the sidebar removes its row; delete the open one from the header goes to /", async () => {
    const other = await newConversation(s, { title: "Xoá tôi" });
    const open = await newConversation(s, { title: "Đang mở" });
    await inPage(s, "polish-delete", async (page) => {
      await openChat(page, s, open);
      const r = row(page, other);
      await r.locator(".conv-menu-btn").click();
      await r.getByRole("button", { name: TConv.remove }).click();
      await r.getByRole("button", { name: TConv.confirmYes, exact: true }).click();
      await row(page, other).waitFor({ state: "detached" });
      expect(await title(page)).toBe("Đang mở");
      await page.locator("#conv-actions-pill").click();
      const card = page.locator("#chat-header .card");
      await card.getByRole("button", { name: TConv.remove }).click();
      await card.getByRole("button", { name: TConv.confirmYes, exact: true }).click();
      await page.waitForURL(`${s.server.url}/`);
      await page.locator("#composer textarea").waitFor();
      expect(await page.getAttribute("#main", "data-conversation")).not.toBe(open);
      expect(await row(page, open).count()).toBe(0);
    });
  });

  test("the first answer titles the conversation in the sidebar", async () => {
    await inPage(s, "polish-title", async (page) => {
      await page.goto(`${s.server.url}/`);
      await page.locator("form[action='/ui/conversations'] button").click();
      await page.locator("#composer textarea").waitFor();
      const id = (await page.getAttribute("#main", "data-conversation"))!;
      await sendAccepted(page, "Lịch tập chạy tháng này");
      await waitIdle(page);
      const stored = async () => (await api(s, "GET", `/api/conversations/${id}`)).title;
      await eventually(async () => expect(await stored()).toBe("Lịch tập chạy tháng này"));
      // The title lands after the turn: the activity stream's conversation frame refreshes the list.
      const rowTitle = () => row(page, id).locator(".conv-title").innerText();
      await eventually(async () => expect(await rowTitle()).toBe("Lịch tập chạy tháng này"));
    });
  });
});

describe("tool cards", () => {
  test("a stored card reads in Vietnamese and opens to the pretty arguments and the labelled output", async () => {
    const id = await newConversation(s, { title: "Công cụ", autonomous: true });
    await inPage(s, "polish-tool-card", async (page) => {
      await openChat(page, s, id);
      await sendAccepted(page, '/tool shell_run {"command":"echo xin-chao"}');
      await waitIdle(page);
      await page.reload();
      const card = page.locator('#thread .tool-card[data-tool="shell_run"]');
      await card.waitFor();
      expect(await card.locator(".tc-name").innerText()).toBe(TTool.label.shell_run!);
      expect(await card.locator(".tc-args").innerText()).toBe("echo xin-chao");
      expect(await card.locator(".tc-out").isVisible()).toBe(false);
      await card.locator("summary").click();
      expect(await card.locator(".tc-full").innerText()).toBe('{\n  "command": "echo xin-chao"\n}');
      expect(await card.locator(".tc-body").innerText()).toContain(TTool.exitCode("0"));
      expect(await card.locator(".tc-out").first().innerText()).toBe("xin-chao");
      expect(await card.getAttribute("hx-ignore")).toBe("");
    });
  });
});

describe("screenshots", () => {
  test("chat with a tool card, a Markdown table and a long thread: desktop and phone, light and dark", async () => {
    const id = await newConversation(s, { title: "Ảnh chụp màn hình", autonomous: true });
    await inPage(s, "polish-fill", async (page) => {
      await openChat(page, s, id);
      for (let i = 1; i <= 10; i++) {
        await sendAccepted(page, `Tin nhắn số ${i}: hôm nay trời ${i % 2 ? "nắng" : "mưa"}, nhắc mình mang ô nhé.`);
        await waitIdle(page);
      }
      await sendAccepted(page, '/tool shell_run {"command":"ls -la && echo xong"}');
      await waitIdle(page);
      await sendAccepted(page, TABLE);
      await waitIdle(page);
    });
    mkdirSync(SHOTS, { recursive: true });
    const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
    for (const [size, viewport] of Object.entries(sizes)) {
      for (const scheme of ["light", "dark"] as const) {
        await inPage(s, `polish-${size}-${scheme}`, async (page) => {
          await page.emulateMedia({ colorScheme: scheme });
          await openChat(page, s, id);
          await page.locator("#thread .bubble.md table").waitFor();
          await page.locator('#thread .tool-card[data-tool="shell_run"] summary').click();
          // The end of the thread, as a person reading the newest message sees it.
          await page.locator("#thread .bubble.md table").scrollIntoViewIfNeeded();
          await page.evaluate(() => document.querySelector(".thread-wrap")!.scrollTo(0, 1e9));
          const link = page.locator("#thread .bubble.md table a");
          // Links take the theme's accent: the light blue on dark surfaces, the brand blue on light ones.
          const accent = scheme === "dark" ? "rgb(122, 162, 255)" : "rgb(36, 87, 214)";
          expect(await link.evaluate((a) => getComputedStyle(a).color)).toBe(accent);
          await page.screenshot({ path: join(SHOTS, `chat-${size}-${scheme}.png`) });
        }, viewport);
      }
    }
    // The rename/delete menu of a sidebar row, open, for a look at its layout.
    await inPage(s, "polish-menu", async (page) => {
      await openChat(page, s, id);
      await row(page, id).locator(".conv-menu-btn").click();
      await row(page, id).getByRole("button", { name: TConv.remove }).click();
      await page.screenshot({ path: join(SHOTS, "chat-conversation-menu.png") });
    });
  }, 120_000);
});

describe("navigation keeps what waits for the owner; the phone Manage nav keeps its height", () => {
  test("after an htmx navigation the tab title keeps (n) and the menu button its dot", async () => {
    const asking = await newConversation(s, { title: "Đang hỏi" });
    const ask = '/tool file_write {"path":"nav.txt","content":"1"}';
    const res = await fetch(`${s.server.url}/api/conversations/${asking}/messages`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: ask }),
    });
    await res.text();
    const from = await newConversation(s, { title: "Từ đây" });
    const to = await newConversation(s, { title: "Tới đây" });
    await inPage(s, "polish-title-count", async (page) => {
      await openChat(page, s, from);
      await eventually(async () => expect(await page.title()).toBe("(1) Từ đây"));
      await row(page, to).locator("a").click();
      await page.waitForURL(`${s.server.url}/c/${to}`);
      await eventually(async () => expect(await page.title()).toBe("(1) Tới đây"));
      expect(await page.locator("#main .menu-btn").getAttribute("class")).toContain("has-work");
    });
    await api(s, "DELETE", `/api/conversations/${asking}`);
  });

  test("on a phone the Manage nav keeps its height on a long section and stays in view when it scrolls", async () => {
    await inPage(s, "polish-manage-phone", async (page) => {
      await page.goto(`${s.server.url}/manage/connections`);
      const nav = page.locator(".manage-nav");
      await nav.waitFor();
      expect((await nav.boundingBox())!.height).toBeGreaterThan(24);
      await page.evaluate(() => document.querySelector(".manage-grid")!.scrollTo(0, 1e9));
      const box = (await nav.boundingBox())!;
      expect(box.height).toBeGreaterThan(24);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(150);
    }, { width: 390, height: 700 });
  });
});
