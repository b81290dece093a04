// The canvas screens over HTTP (M-37, M-38, H-62): the canvas's own page and fragment, the panel beside
// the chat, the sandboxed page of html/mermaid canvases and the pictures of svg/image canvases.
import { describe, expect, test } from "bun:test";
import { createCanvas, listCanvases } from "../../src/store/canvases.ts";
import { createConversation } from "../../src/store/conversations.ts";
import { testApp } from "../helpers/app.ts";

async function setup() {
  const t = await testApp();
  const conv = createConversation(t.store, { agentId: "default", channel: "web", source: "chat" });
  const canvas = (kind: "markdown" | "html" | "mermaid" | "svg" | "image", content: string, title = "Kế hoạch") =>
    createCanvas(t.store, { agentId: "default", conversationId: conv.id, title, kind, content, author: "agent" });
  return { ...t, conv, canvas };
}

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("canvas pages", () => {
  test("/canvas/<id> shows the canvas with its text escaped and inert, its versions and a download", async () => {
    const t = await setup();
    const c = t.canvas("markdown", '# Tiêu đề\n<img src=x onerror="alert(1)"> x-init', "<b>Kế</b> hoạch");
    const res = await t.request(`/canvas/${c.id}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = await res.text();
    expect(page).toContain('id="canvas-view"');
    expect(page).toContain("&lt;b&gt;Kế&lt;/b&gt; hoạch");
    expect(page).toContain('data-md hx-ignore x-ignore>');
    expect(page).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain(`href="/api/canvases/${c.id}/download"`);
    expect(page).toContain('class="canvas-version" data-version="1"');
    expect(page).toContain(`href="/c/${t.conv.id}"`);
  });

  test("an unknown canvas is a 404 with a sentence", async () => {
    const t = await setup();
    for (const path of ["/canvas/nope", "/canvas/nope/view", "/canvas/nope/render", "/canvas/nope/picture"]) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toContain("Canvas");
    }
  });

  test("the chat page holds the panel with the most recently written canvas open", async () => {
    const t = await setup();
    t.canvas("markdown", "cũ", "Cũ");
    t.canvas("markdown", "mới", "Mới");
    const latest = listCanvases(t.store, t.conv.id)[0]!;
    const page = await (await t.request(`/c/${t.conv.id}`)).text();
    expect(page).toContain('id="canvas-panel"');
    expect(page).toContain(`data-canvas="${latest.id}"`);
    expect(page).toMatch(/class="btn btn-sm canvas-tab" data-id="[^"]+"[^>]*>Cũ</);
  });
});

describe("the sandboxed page (H-62)", () => {
  test("an html canvas runs in an opaque origin that reaches only a few CDNs", async () => {
    const t = await setup();
    const c = t.canvas("html", "<h1>Xin chào</h1><script>1</script>");
    const res = await t.request(`/canvas/${c.id}/render?v=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<h1>Xin chào</h1><script>1</script>");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toStartWith("sandbox allow-scripts;");
    expect(csp).not.toContain("allow-same-origin");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline' https://cdn.jsdelivr.net https://unpkg.com");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  test("a mermaid canvas is text inside the page, drawn by the CDN's mermaid only", async () => {
    const t = await setup();
    const c = t.canvas("mermaid", "graph TD; A-->B; </pre><script>alert(1)</script>");
    const res = await t.request(`/canvas/${c.id}/render`);
    const page = await res.text();
    expect(page).toContain("A--&gt;B; &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("cdn.jsdelivr.net/npm/mermaid@");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'sha256-[^']+' https:\/\/cdn/);
    expect(csp.split("; ").find((p) => p.startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  test("other kinds have no runnable page; the app's own pages still may not be framed", async () => {
    const t = await setup();
    const c = t.canvas("markdown", "văn bản");
    expect((await t.request(`/canvas/${c.id}/render`)).status).toBe(404);
    const page = await t.request(`/canvas/${c.id}`);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("pictures", () => {
  test("an svg canvas is served as an image that may run nothing", async () => {
    const t = await setup();
    const c = t.canvas("svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const page = await (await t.request(`/canvas/${c.id}`)).text();
    expect(page).toContain(`<img class="canvas-picture" src="/canvas/${c.id}/picture?v=1"`);
    expect(page).not.toContain("<svg xmlns");
    const res = await t.request(`/canvas/${c.id}/picture?v=1`);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toStartWith("sandbox;");
  });

  test("an image canvas is served as its bytes with its real type; a bad one is a 404", async () => {
    const t = await setup();
    const c = t.canvas("image", `data:image/png;base64,${PNG}`);
    const res = await t.request(`/canvas/${c.id}/picture`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await res.arrayBuffer()).toString("base64")).toBe(PNG);
    const bad = t.canvas("image", "data:text/html;base64,PHNjcmlwdD4=");
    expect((await t.request(`/canvas/${bad.id}/picture`)).status).toBe(404);
  });
});
