// The conversation's Markdown download in Chromium (K-19): the header's "⋯" card has the link, and the
// browser saves the file under the title, Vietnamese kept (filename*), with the conversation in it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { TConv } from "../../src/texts/vi-conversations.ts";
import { TSearch } from "../../src/texts/vi-search.ts";
import { chatSetup, inPage, newConversation, openChat, sendAccepted, waitForReply } from "../helpers/chat-page.ts";

const s = chatSetup("conv-export");

describe("conversation export", () => {
  test("'Tải về (Markdown)' in the header card saves <title>.md with the messages", async () => {
    const id = await newConversation(s, { title: "Đi Đà Lạt: kế hoạch" });
    await inPage(s, "conv-export", async (page) => {
      await openChat(page, s, id);
      await sendAccepted(page, "mang áo ấm");
      await waitForReply(page, "mang áo ấm");
      await page.getByRole("button", { name: TConv.actions }).click();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: TSearch.exportMarkdown }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("Đi Đà Lạt kế hoạch.md");
      const text = readFileSync((await file.path())!, "utf8");
      expect(text).toContain("\n# Đi Đà Lạt: kế hoạch\n");
      expect(text.match(/^## #\d+ (user|assistant)/gm)).toEqual(["## #1 user", "## #2 assistant"]);
      expect(text).toContain("mang áo ấm");
    });
  });
});
