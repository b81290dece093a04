// A canvas's content never reaches the app (M-38, H-62, docs/canvas-ui.md): every payload of the corpus
// as a markdown canvas (and one as its title) runs nothing on the canvas's page or in the panel, and an
// html canvas runs in an opaque origin that cannot fetch, load or read anything of the app.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createCanvas } from "../../src/store/canvases.ts";
import { openStore } from "../../src/store/db.ts";
import { chatSetup, inPage, newConversation, openChat } from "../helpers/chat-page.ts";
import { withPage } from "../helpers/browser.ts";
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

describe("an html canvas's page (H-62)", () => {
  test("runs in an opaque origin: it cannot fetch, load or read anything of the app", async () => {
    const conv = await newConversation(s);
    const store = openStore(join(s.home, "my-crew.db"));
    const probe = `<p id="out">…</p><script>
      const out = [];
      const done = () => (document.getElementById("out").textContent = out.join(" ") + " done");
      out.push("origin:" + self.origin);
      try { parent.document.title; out.push("parent:read"); } catch { out.push("parent:blocked"); }
      try { localStorage.length; out.push("storage:read"); } catch { out.push("storage:blocked"); }
      const img = new Image();
      img.src = "${s.server.url}/api/health?from=canvas-img";
      fetch("${s.server.url}/api/health?from=canvas-fetch").then(() => out.push("fetch:reached"),
        () => out.push("fetch:blocked")).finally(done);
    </script>`;
    let canvas;
    try {
      canvas = createCanvas(store, { agentId: "default", conversationId: conv, title: "Trang thử", kind: "html",
        content: probe, author: "agent" });
    } finally {
      store.close();
    }
    // The policy's refusals are logged to the console; every other error still fails the test.
    await withPage(s.browser, "canvas-sandbox", {}, async (page, errors) => {
      // Chromium reports a request the policy stops as a failed one: only answered requests reached the app.
      const answered: string[] = [];
      page.on("response", (r) => answered.push(r.url()));
      await page.goto(`${s.server.url}/canvas/${canvas.id}`);
      const frame = page.frameLocator("iframe.canvas-frame");
      await frame.locator("#out").filter({ hasText: "done" }).waitFor();
      const said = await frame.locator("#out").innerText();
      expect(said).toContain("origin:null");
      expect(said).toContain("parent:blocked");
      expect(said).toContain("storage:blocked");
      expect(said).toContain("fetch:blocked");
      expect(answered.filter((u) => u.includes("from=canvas"))).toEqual([]);
      expect(answered.some((u) => u.includes(`/canvas/${canvas.id}/render`))).toBe(true);
      expect(errors.filter((e) => !/Content Security Policy|Failed to fetch/.test(e))).toEqual([]);
    });
  });
});
