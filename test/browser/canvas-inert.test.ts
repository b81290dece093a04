// A canvas's text never acts (M-38, docs/canvas-ui.md): every payload of the corpus as a markdown
// canvas (and one as its title), on the canvas's own page and in the panel beside the chat, runs
// nothing, asks for nothing and leaves no active markup.
import { describe, test } from "bun:test";
import { join } from "node:path";
import { createCanvas } from "../../src/store/canvases.ts";
import { openStore } from "../../src/store/db.ts";
import { chatSetup, inPage, newConversation, openChat } from "../helpers/chat-page.ts";
import { expectInert, rendered, watch } from "../helpers/inert-check.ts";
import { PAYLOADS } from "../helpers/xss-payloads.ts";

const s = chatSetup("canvas-inert");

describe("canvas text never acts", () => {
  test("a markdown canvas of every payload, on its page and beside the chat", async () => {
    const conv = await newConversation(s);
    const store = openStore(join(s.home, "my-crew.db"));
    let id: string;
    try {
      id = createCanvas(store, { agentId: "default", conversationId: conv, kind: "markdown", author: "agent",
        title: PAYLOADS[1]!, content: PAYLOADS.join("\n\n") }).id;
    } finally {
      store.close();
    }
    await inPage(s, "canvas-inert-page", async (page) => {
      const w = await watch(page);
      await page.goto(`${s.server.url}/canvas/${id}`);
      await rendered(page, 1);
      await expectInert(page, w, "canvas-page");
    });
    await inPage(s, "canvas-inert-panel", async (page) => {
      const w = await watch(page);
      await openChat(page, s, conv);
      await page.locator("#canvas-view .canvas-md[data-rendered]").waitFor();
      await expectInert(page, w, "canvas-panel");
    });
  });
});
