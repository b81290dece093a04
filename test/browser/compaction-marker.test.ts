// The compaction marker in a real browser (issue 20): the binary with fake:echo and compact_at_percent 20
// compacts a conversation's first turn before the second turn's model call; the marker "đã tóm tắt 1 lượt
// cũ" appears in that turn's container while it runs, and again after a reload and after moving to another
// conversation and back. The summary (here the fake's echo of the transcript, every payload in it) stays text.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { TContext } from "../../src/texts/vi-context.ts";
import { startBinary, tempDir } from "../helpers/binary.ts";
import { launch } from "../helpers/browser.ts";
import { closeAll, inPage, newConversation, openChat, ready, send, SLOW, userTexts, waitIdle, type Setup }
  from "../helpers/chat-page.ts";
import { expectInert, watch } from "../helpers/inert-check.ts";
import { PAYLOADS } from "../helpers/xss-payloads.ts";

const s = {} as Setup;
setDefaultTimeout(SLOW);
beforeAll(async () => {
  s.home = tempDir("browser-compaction");
  // 20 % of fake:echo's 128,000-token window: two messages of 33,000 characters pass it.
  writeFileSync(join(s.home, "config.yaml"), "compact_at_percent: 20\n");
  await Promise.all([
    launch().then((b) => (s.browser = b)),
    startBinary(["--port", "0", "--home", s.home], { env: { MY_AGENT_ROUTES: "fake:echo" } }).then((r) => (s.server = r)),
  ]);
});
afterAll(() => closeAll(s));

const ALL = PAYLOADS.join("\n");
// The summariser keeps a message's start and end: the payloads at both ends reach the summary whole.
// Filler without spaces streams as one piece, so the page never falls behind the stream.
const FIRST = `${ALL}\n${"a".repeat(33_000 - 2 * ALL.length)}\n${ALL}`;
const SECOND = "b".repeat(33_000);
const LABEL = TContext.summarised(1);
let conv = "";

/** Waits until `n` turns are shown as stored and nothing streams any more. */
async function settled(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll("#thread .turn:not(.live)").length >= k, n);
  await waitIdle(page);
}

/** The marker is the first thing of the second turn, both messages are still shown, and its summary is text. */
async function expectMarker(page: Page): Promise<void> {
  const marks = page.locator("#thread .compaction");
  expect(await marks.count()).toBe(1);
  const place = await page.evaluate(() => {
    const mark = document.querySelector("#thread .compaction")!;
    const turns = [...document.querySelectorAll("#thread .turn")];
    return { turn: turns.indexOf(mark.closest(".turn")!), first: mark.parentElement!.firstElementChild === mark };
  });
  expect(place).toEqual({ turn: 1, first: true });
  expect((await marks.locator("summary").innerText()).trim()).toBe(LABEL);
  expect((await userTexts(page)).map((t) => t.length)).toEqual([FIRST.length, SECOND.length]);
  const text = marks.locator(".compaction-text");
  expect(await text.isVisible()).toBe(false);
  await marks.locator("summary").click();
  await text.waitFor();
  const summary = (await text.textContent()) ?? "";
  for (const p of PAYLOADS) expect(summary).toContain(p);
}

describe("the compaction marker", () => {
  test("appears live in the turn that compacted, without a reload, while it runs", async () => {
    conv = await newConversation(s);
    await inPage(s, "compaction-live", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      await send(page, FIRST);
      await settled(page, 1);
      expect(await page.locator("#thread .compaction").count()).toBe(0);
      // Whether the turn holding the marker was still running when it first appeared; and the same page.
      await page.evaluate(() => {
        const w = window as any;
        w.__samePage = true;
        new MutationObserver(() => {
          const mark = document.querySelector("#thread .compaction");
          if (mark && w.__markWhileLive === undefined) w.__markWhileLive = !!mark.closest(".turn.live");
        }).observe(document.getElementById("thread")!, { childList: true, subtree: true });
      });
      await send(page, SECOND);
      await settled(page, 2);
      expect(await page.evaluate(() => [(window as any).__samePage, (window as any).__markWhileLive]))
        .toEqual([true, true]);
      await expectMarker(page);
      await expectInert(page, w, "compaction-live");
    });
  });

  test("is there after a reload", async () => {
    expect(conv).not.toBe("");
    await inPage(s, "compaction-reload", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      await page.reload();
      await ready(page);
      await expectMarker(page);
      await expectInert(page, w, "compaction-reload");
    });
  });

  test("is there after moving to another conversation and back", async () => {
    expect(conv).not.toBe("");
    const other = await newConversation(s);
    await inPage(s, "compaction-nav", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      await page.locator("#thread .compaction").waitFor();
      for (const id of [other, conv]) {
        await page.locator(`#conv-list .conv-row[data-id="${id}"] a`).click();
        await page.waitForFunction((x) => document.querySelector("#main")?.getAttribute("data-conversation") === x, id);
        await ready(page);
      }
      expect(page.url()).toEndWith(`/c/${conv}`);
      await expectMarker(page);
      await expectInert(page, w, "compaction-nav");
    });
  });
});
