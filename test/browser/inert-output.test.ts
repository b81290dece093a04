// Model, tool and user text is inert in every path (issue 9): each payload of the corpus is sent as a
// message the fake model echoes, so it streams in as an answer; all of them are then written to and
// read from a workspace file, so they pass through tool arguments, tool output and the approval bar.
// The conversation is then opened from the sidebar, loaded as a page, and its runs on Manage.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { T } from "../../src/texts/vi.ts";
import { withPage } from "../helpers/browser.ts";
import { api, chatSetup, decide, inPage, newConversation, openChat, ready, send, waitIdle }
  from "../helpers/chat-page.ts";
import { expectInert, rendered, watch } from "../helpers/inert-check.ts";
import { ORDINARY, PAYLOADS } from "../helpers/xss-payloads.ts";

const s = chatSetup("inert");
const FILE = "payloads.md";
// Filled by the streamed test, read by the tests that open the stored conversation.
let conv = "";
// One answer per payload, plus the answers after file_write and file_read.
const ANSWERS = PAYLOADS.length + 2;

/** Waits until `n` turns are shown as stored and nothing streams any more. */
async function settled(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll("#thread .turn:not(.live)").length >= k, n);
  await waitIdle(page);
}

describe("rendered text never acts", () => {
  test("streamed: every payload as a live answer, then in file_write's approval and file_read's output", async () => {
    conv = await newConversation(s);
    await inPage(s, "inert-streamed", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      for (const [i, p] of PAYLOADS.entries()) {
        await send(page, p);
        await settled(page, i + 1);
      }
      await rendered(page, PAYLOADS.length);
      await expectInert(page, w, "streamed-answers");

      await send(page, `/tool file_write ${JSON.stringify({ path: FILE, content: PAYLOADS.join("\n\n") })}`);
      await page.locator("#approval-bar .approval").waitFor();
      await expectInert(page, w, "approval-bar");
      await approvalsPageInert(page);
      await decide(page, T.approve);
      await settled(page, PAYLOADS.length + 1);
      await send(page, `/tool file_read ${JSON.stringify({ path: FILE })}`);
      await settled(page, ANSWERS);
      await rendered(page, ANSWERS);
      const output = page.locator('#thread .tool-card[data-tool="file_read"] .tc-out');
      expect(await output.textContent()).toContain(PAYLOADS[0]!);
      await expectInert(page, w, "streamed-tools");
    });
  }, 300_000);

  test("opened from the sidebar: the stored conversation swapped in by htmx", async () => {
    expect(conv).not.toBe("");
    const other = await newConversation(s);
    await inPage(s, "inert-sidebar", async (page) => {
      const w = await watch(page);
      await openChat(page, s, other);
      await page.locator(`#conv-list .conv-row[data-id="${conv}"] a`).click();
      await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, conv);
      await ready(page);
      await rendered(page, ANSWERS);
      await expectInert(page, w, "sidebar");
    });
  });

  test("page load: /c/<id> loaded whole", async () => {
    expect(conv).not.toBe("");
    await inPage(s, "inert-page-load", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      await rendered(page, ANSWERS);
      expect(await page.locator("#thread .msg.user").count()).toBe(ANSWERS);
      await expectInert(page, w, "page-load");
    });
  });

  test("Manage: the run pages of the tool turns show the payloads as text", async () => {
    expect(conv).not.toBe("");
    const all = (await api(s, "GET", "/api/activity/runs?limit=200")).runs;
    const runs = all.filter((r: { conversation_id: string }) => r.conversation_id === conv);
    expect(runs.length).toBe(ANSWERS);
    await inPage(s, "inert-run-pages", async (page) => {
      const w = await watch(page);
      // Newest first: file_read's and file_write's runs, then the first payload's.
      for (const run of [runs[0], runs[1], runs[runs.length - 1]]) {
        await page.goto(`${s.server.url}/manage/activity/${run.id}`);
        await page.locator(".run-status-line").waitFor();
        await expectInert(page, w, `run-${run.id}`);
      }
    });
  });

  test("the page's CSP refuses inline script even in markup that never went through the renderer", async () => {
    await withPage(s.browser, "inert-csp", {}, async (page, errors) => {
      await openChat(page, s, await newConversation(s));
      const refused = await page.evaluate(async () => {
        const directives: string[] = [];
        document.addEventListener("securitypolicyviolation", (e) => directives.push(e.violatedDirective));
        const host = document.createElement("div");
        host.innerHTML = '<button id="bait" onclick="window.__pwned = 1">x</button>';
        document.body.append(host);
        document.getElementById("bait")!.click();
        const script = document.createElement("script");
        script.textContent = "window.__pwned = 2";
        document.body.append(script);
        while (directives.length < 2) await new Promise((r) => setTimeout(r, 10));
        return { directives: directives.sort(), pwned: (window as any).__pwned };
      });
      expect(refused).toEqual({ directives: ["script-src-attr", "script-src-elem"], pwned: undefined });
      expect(errors.length).toBe(2);
    });
  });

  test("markup planted inside a bubble: neither htmx nor its SSE extension sends anything", async () => {
    await inPage(s, "inert-ignored-bubble", async (page) => {
      const w = await watch(page);
      await openChat(page, s, await newConversation(s));
      await send(page, "chào");
      await settled(page, 1);
      await page.evaluate(() => {
        const turn = document.querySelector("#thread .turn")!;
        turn.querySelector(".bubble.md")!.innerHTML = ['<div hx-get="/canary/get" hx-trigger="load">a</div>',
          '<div hx-sse:connect="/canary/sse">b</div>', '<div sse-connect="/canary/legacy">c</div>'].join("");
        (window as any).htmx.process(turn);
      });
      await expectInert(page, w, "ignored-bubble", true);
    });
  });

  test("ordinary Markdown still renders under the page's policy, with a MEDIA image from the workspace", async () => {
    // A 1×1 PNG: the image must load (not only be present) for the policy to be shown to allow it.
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    writeFileSync(join(s.home, "workspace", "pixel.png"), Buffer.from(png, "base64"));
    await inPage(s, "inert-ordinary-markdown", async (page) => {
      await openChat(page, s, await newConversation(s));
      await send(page, ORDINARY);
      await settled(page, 1);
      const md = page.locator("#thread .msg.assistant .bubble");
      expect(await md.locator("strong").innerText()).toBe("đậm");
      expect(await md.locator("li").allInnerTexts()).toEqual(["một", "hai"]);
      expect(await md.locator("pre code.language-js").textContent()).toBe("let a = 1;\n");
      expect(await md.locator("a").getAttribute("href")).toBe("https://example.com/a");
      const img = md.locator('img[src="/api/agents/default/files?path=pixel.png"]');
      await page.waitForFunction((el) => (el as HTMLImageElement).naturalWidth === 1, await img.elementHandle());
    });
  });
});

/** The pending file_write on Manage → approvals, its arguments holding every payload. */
async function approvalsPageInert(chat: Page): Promise<void> {
  const page = await chat.context().newPage();
  const w = await watch(page);
  await page.goto(`${s.server.url}/manage/approvals`);
  await page.locator(".approval-item.outcome-pending").waitFor();
  await expectInert(page, w, "manage-approvals");
  await page.close();
}
