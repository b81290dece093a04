// Canvases in the browser (issue 19, M-37, M-38, H-62): a canvas appears beside the chat while the agent
// writes it, the owner edits it, the agent's next edit builds on the owner's version, a version is
// restored, and an html canvas runs in an opaque origin that cannot reach the app.
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

describe("an html canvas's page (H-62)", () => {
  test("runs in an opaque origin: it cannot fetch, load or read anything of the app", async () => {
    const conv = await newConversation();
    const store = openStore(join(home, "my-crew.db"));
    const probe = `<p id="out">…</p><script>
      const out = [];
      const done = () => (document.getElementById("out").textContent = out.join(" ") + " done");
      out.push("origin:" + self.origin);
      try { parent.document.title; out.push("parent:read"); } catch { out.push("parent:blocked"); }
      try { localStorage.length; out.push("storage:read"); } catch { out.push("storage:blocked"); }
      const img = new Image();
      img.src = "${server.url}/api/health?from=canvas-img";
      fetch("${server.url}/api/health?from=canvas-fetch").then(() => out.push("fetch:reached"),
        () => out.push("fetch:blocked")).finally(done);
    </script>`;
    let canvas;
    try {
      canvas = createCanvas(store, { agentId: "default", conversationId: conv, title: "Trang thử", kind: "html",
        content: probe, author: "agent" });
    } finally {
      store.close();
    }
    await inPage("canvas-sandbox", async (page) => {
      // Chromium reports a request the policy stops as a failed one: only answered requests reached the app.
      const answered: string[] = [];
      page.on("response", (r) => answered.push(r.url()));
      await page.goto(`${server.url}/canvas/${canvas.id}`);
      const frame = page.frameLocator("iframe.canvas-frame");
      await frame.locator("#out").filter({ hasText: "done" }).waitFor();
      const said = await frame.locator("#out").innerText();
      expect(said).toContain("origin:null");
      expect(said).toContain("parent:blocked");
      expect(said).toContain("storage:blocked");
      expect(said).toContain("fetch:blocked");
      expect(answered.filter((u) => u.includes("from=canvas"))).toEqual([]);
      expect(answered.some((u) => u.includes(`/canvas/${canvas.id}/render`))).toBe(true);
    });
  });
});
