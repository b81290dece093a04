// A person writes to the agent (M-18, M-20, M-55): Enter sends, the reply streams in and is shown as
// sanitised Markdown (raw HTML as text), Shift+Enter breaks the line, and an unsent draft stays with
// its conversation.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { assistantTexts, chatSetup, composer, eventually, inPage, newConversation, nextFrame, openChat, ready, send, userTexts, waitForReply, waitIdle } from "../helpers/chat-page.ts";

const s = chatSetup("send");

describe("sending in the chat screen", () => {
  test("Enter sends: user bubble, streamed Markdown reply, unsafe HTML shown as text, composer empties", async () => {
    await inPage(s, "send-enter", async (page) => {
      await openChat(page, s, await newConversation(s));
      expect(await page.locator(".welcome h2").innerText()).toBe(T.welcomeSpeaker("my-crew"));
      // Record whether reply text ever arrived in a live segment before the turn was finalised.
      await page.evaluate(() => {
        const w = window as any;
        w.__streamed = false;
        new MutationObserver(() => {
          if ([...document.querySelectorAll("#thread .bubble.seg")].some((b) => b.textContent!.trim())) w.__streamed = true;
        }).observe(document.querySelector("#thread")!, { childList: true, subtree: true, characterData: true });
      });
      const text = 'xin chào **đậm** <img src="data:image/png;base64,AAAA" onerror="window.__pwned=1"> <script>window.__pwned=2</script>';
      await send(page, text);
      await eventually(async () => expect(await userTexts(page)).toEqual([text]));
      await page.locator("#thread .msg.assistant .bubble strong").waitFor();
      await waitIdle(page);
      expect(await page.evaluate(() => (window as any).__streamed)).toBe(true);
      const bubble = page.locator("#thread .msg.assistant .bubble").last();
      expect(await bubble.locator("strong").innerText()).toBe("đậm");
      expect(await bubble.locator("script").count()).toBe(0);
      expect(await bubble.innerText()).toContain("<script>window.__pwned=2</script>");
      expect(await bubble.locator("[onerror]").count()).toBe(0);
      expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
      expect(await composer(page).inputValue()).toBe("");
      expect(await page.locator(".welcome").isVisible()).toBe(false);
    });
  });

  test("Shift+Enter inserts a newline and does not send; Enter then sends both lines", async () => {
    await inPage(s, "send-shift-enter", async (page) => {
      await openChat(page, s, await newConversation(s));
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
      const box = composer(page);
      await box.click();
      await page.keyboard.type("dòng một");
      await page.keyboard.press("Shift+Enter");
      await page.keyboard.type("dòng hai");
      expect(await box.inputValue()).toBe("dòng một\ndòng hai");
      await nextFrame(page);
      expect(posts).toEqual([]);
      expect(await page.locator("#thread .msg.user").count()).toBe(0);
      await page.keyboard.press("Enter");
      await eventually(async () => expect(await userTexts(page)).toEqual(["dòng một\ndòng hai"]));
      await waitForReply(page, "dòng một\ndòng hai");
      expect(await box.inputValue()).toBe("");
    });
  });

  test("a draft typed in A survives opening B and coming back, and a reload", async () => {
    await inPage(s, "send-draft", async (page) => {
      const a = await newConversation(s, { title: "Nháp A" });
      const b = await newConversation(s, { title: "Nháp B" });
      await openChat(page, s, a);
      await composer(page).click();
      await page.keyboard.type("bản nháp của A");
      await page.locator(`#conv-list .conv-row[data-id="${b}"] a`).click();
      await page.waitForFunction((id) => document.querySelector("#main")?.getAttribute("data-conversation") === id, b);
      await ready(page);
      expect(await composer(page).inputValue()).toBe("");
      await page.locator(`#conv-list .conv-row[data-id="${a}"] a`).click();
      await page.waitForFunction((id) => document.querySelector("#main")?.getAttribute("data-conversation") === id, a);
      await ready(page);
      expect(await composer(page).inputValue()).toBe("bản nháp của A");
      await page.reload();
      await ready(page);
      expect(await composer(page).inputValue()).toBe("bản nháp của A");
    });
  });

  test("a sent message does not come back as a draft after a reload", async () => {
    await inPage(s, "send-no-stale-draft", async (page) => {
      const id = await newConversation(s);
      await openChat(page, s, id);
      await send(page, "đã gửi rồi");
      await waitForReply(page, "đã gửi rồi");
      await page.reload();
      await ready(page);
      expect(await composer(page).inputValue()).toBe("");
      expect(await assistantTexts(page)).toEqual(["đã gửi rồi"]);
    });
  });
});
