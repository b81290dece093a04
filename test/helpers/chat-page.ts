// Shared setup for the chat-screen browser tests: one compiled binary (fake:echo, temp home, --port 0)
// and one Chromium per test file, a fresh browser context per test, and the few moves a person makes
// (open a conversation, type and press Enter, wait for what appears) written once.
import { afterAll, beforeAll, expect, setDefaultTimeout } from "bun:test";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startBinary, stopAll, tempDir, type Running } from "./binary.ts";
import { launch, withPage } from "./browser.ts";
import { eventually, gate, PATIENCE } from "./wait.ts";

export { eventually } from "./wait.ts";

/** Per-test time budget, for a busy machine: the slowest path (a 2 s shell turn plus a reload) and its waits. */
export const SLOW = 60_000;

export type Setup = { browser: Browser; server: Running; home: string };

/** Registers beforeAll/afterAll for the calling file; read the fields inside tests. */
export function chatSetup(name: string): Setup {
  const s = {} as Setup;
  setDefaultTimeout(SLOW);
  beforeAll(async () => {
    s.home = tempDir(`browser-${name}`);
    // Each is kept as soon as it is up, so afterAll closes one even when the other failed to start.
    await Promise.all([
      launch().then((b) => (s.browser = b)),
      startBinary(["--port", "0", "--home", s.home], { env: { MY_AGENT_ROUTES: "fake:echo" } }).then((r) => (s.server = r)),
    ]);
  });
  afterAll(() => closeAll(s));
  return s;
}

/** Closes the browser and kills every server the file started, whichever fails; then lets every busy
 * command a failed test left running end (a killed server does not stop them). */
export async function closeAll(s: Partial<Setup>): Promise<void> {
  try {
    await s.browser?.close();
  } finally {
    await stopAll();
    for (const open of shut) open();
  }
}

const shut = new Set<() => void>();

/**
 * A shell_run message whose command runs until the test calls `open` (wait.ts's gate, in the server's
 * workspace): a turn that stays busy for as long as the test needs, on any machine.
 */
export function busyTool(s: Setup) {
  const g = gate(join(s.home, "workspace"));
  const open = () => {
    shut.delete(open);
    g.open();
  };
  shut.add(open);
  return { text: `/tool shell_run ${JSON.stringify({ command: g.command })}`, started: g.started, open };
}

/** A fresh context (clean localStorage) for one test; fails on any page error or console error. */
export async function inPage(s: Setup, name: string, body: (page: Page) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  await withPage(s.browser, name, { viewport }, async (page, errors) => {
    page.setDefaultTimeout(PATIENCE);
    await body(page);
    expect(errors).toEqual([]);
  });
}

/** JSON call to the server's API, as curl would make it (no Origin header). */
export async function api<J = any>(s: Setup, method: string, path: string, body?: unknown): Promise<J> {
  const res = await fetch(`${s.server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as J;
}

export async function newConversation(s: Setup, patch?: Record<string, unknown>): Promise<string> {
  const c = await api<{ id: string }>(s, "POST", "/api/conversations", {});
  if (patch) await api(s, "PATCH", `/api/conversations/${c.id}`, patch);
  return c.id;
}

/** Creates conversations until the master has at least `n` (the search box appears from 8, M-08). */
export async function atLeastConversations(s: Setup, n: number): Promise<void> {
  const have = (await api<{ conversations: unknown[] }>(s, "GET", "/api/conversations")).conversations.length;
  for (let i = have; i < n; i++) await newConversation(s, { title: `Thêm ${i}` });
}

/** Opens a conversation (or `/`) and waits until Alpine has brought the composer to life. */
export async function openChat(page: Page, s: Setup, convId?: string): Promise<string> {
  await page.goto(`${s.server.url}${convId ? `/c/${convId}` : "/"}`);
  await ready(page);
  return (await page.getAttribute("#main", "data-conversation"))!;
}

/** The chat screen is live: Alpine initialised the composer (its send button reacts to the text). */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector("#composer") as any;
    return !!(window as any).Alpine && !!form?._x_dataStack;
  });
}

export const composer = (page: Page) => page.locator("#composer textarea");

/** Types like a person and presses Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = composer(page);
  await box.fill(text);
  await box.press("Enter");
}

/**
 * Waits until the page has painted its next frame: whatever a click or key press just did synchronously,
 * and Alpine's effects queued by it, have run. Before asserting that something did NOT happen.
 */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Sends and waits until the server took the message (the composer empties again). */
export async function sendAccepted(page: Page, text: string): Promise<void> {
  await send(page, text);
  await eventually(async () => expect(await composer(page).inputValue()).toBe(""));
}

/** Texts of the assistant bubbles in the thread, in order. */
export const assistantTexts = (page: Page) => page.locator("#thread .msg.assistant .bubble").allInnerTexts().then((t) => t.map((x) => x.trim()).filter(Boolean));
export const userTexts = (page: Page) => page.locator("#thread .msg.user .bubble").allInnerTexts().then((t) => t.map((x) => x.trim()));
export const chipTexts = (page: Page) => page.locator("#chips .chip").allInnerTexts();

/** Waits until some assistant bubble reads exactly `text` (Markdown rendered, trimmed). */
export async function waitForReply(page: Page, text: string, timeout = PATIENCE): Promise<void> {
  await eventually(async () => expect(await assistantTexts(page)).toContain(text), timeout);
}

/** Waits until no turn of the thread is live and the Stop button is gone. */
export async function waitIdle(page: Page, timeout = PATIENCE): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("#thread .turn.live") && !(document.querySelector(".btn-stop") as HTMLElement | null)?.offsetParent, null, { timeout });
}

/**
 * Clicks a button of the approval bar or question card once Alpine has brought that card to life (its
 * countdown shows; before that a click does nothing), and waits until the server took the decision.
 */
export async function decide(page: Page, button: string): Promise<void> {
  const bar = page.locator("#approval-bar section");
  await bar.locator(".countdown").filter({ hasText: /\S/ }).waitFor();
  const taken = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/ui/approvals/"));
  await bar.getByRole("button", { name: button, exact: true }).click();
  expect((await taken).status()).toBe(202);
}

/** The server's view of a conversation (queue, running, options). */
export const detail = (s: Setup, id: string) => api(s, "GET", `/api/conversations/${id}`);
