// The Alpine composer on the markup the server renders (views/composer.ts): drafts per conversation,
// Enter vs Shift+Enter, one request_id per message reused on retry, and Stop putting queued texts back.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { composer } from "../../views/composer.ts";
import { assets, boot, mount, tick } from "./page.ts";

type Call = { url: string; values: Record<string, string> };
let calls: Call[] = [];
/** The server's answer to the next send: a status and its body (a 4xx carries one sentence). */
let answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 202 }));
const accepted = () => Promise.resolve(new Response(null, { status: 202 }));

async function render(conv: string, queued: { id: number; kind: "follow_up" | "steer"; text: string }[] = []) {
  const form = composer(assets as never, { conversationId: conv, running: true, locked: false, queued: queued.map((q) => ({ ...q, conversationId: conv, source: "chat", requestId: null, createdAt: "" })) });
  const host = await mount(`<main x-data='chat(${JSON.stringify({ conv, running: false, run: null })})'>${await form}</main>`);
  return { host, textarea: host.querySelector("textarea")!, form: host.querySelector("form")! };
}

function type(el: HTMLTextAreaElement, text: string) {
  el.value = text;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

function enter(el: HTMLTextAreaElement, shift = false) {
  el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", shiftKey: shift, bubbles: true, cancelable: true }));
}

describe("composer (Alpine, happy-dom)", () => {
  beforeAll(async () => {
    await boot();
  });
  const realFetch = globalThis.fetch;
  afterAll(() => void (globalThis.fetch = realFetch));
  beforeEach(() => {
    calls = [];
    answer = accepted;
    localStorage.clear();
    globalThis.fetch = (async (url: string, init: { body: URLSearchParams }) => {
      calls.push({ url, values: Object.fromEntries(new URLSearchParams(init.body)) });
      return answer();
    }) as unknown as typeof fetch;
  });

  test("Enter sends text and a request_id; Shift+Enter does not send", async () => {
    const { textarea } = await render("c1");
    type(textarea, "xin chào");
    await tick();
    enter(textarea, true);
    expect(calls.length).toBe(0);
    enter(textarea);
    await tick();
    expect(calls.length).toBe(1);
    expect(calls[0]!.url).toBe("/c/c1/send");
    expect(calls[0]!.values.text).toBe("xin chào");
    expect(calls[0]!.values.request_id).toMatch(/^[\w-]{8,64}$/);
  });

  test("a failed send keeps the text and reuses its request_id; acceptance clears both", async () => {
    const { textarea, form } = await render("c2");
    answer = () => Promise.reject(new Error("offline"));
    type(textarea, "gửi lại");
    await tick();
    enter(textarea);
    await tick();
    await tick();
    expect(textarea.value).toBe("gửi lại");
    expect(form.querySelector(".composer-note")!.textContent).not.toBe("");
    answer = accepted;
    enter(textarea);
    await tick();
    await tick();
    expect(calls[1]!.values.request_id).toBe(calls[0]!.values.request_id);
    expect(textarea.value).toBe("");
    type(textarea, "tin mới");
    await tick();
    enter(textarea);
    await tick();
    expect(calls[2]!.values.request_id).not.toBe(calls[0]!.values.request_id);
  });

  test("drafts are kept per conversation and come back when the composer is rendered again", async () => {
    const a = await render("conv-a");
    type(a.textarea, "nháp A");
    await tick();
    const b = await render("conv-b");
    expect(b.textarea.value).toBe("");
    const again = await render("conv-a");
    expect(again.textarea.value).toBe("nháp A");
  });

  test("Stop asks the server, then puts queued texts back at the start in send order", async () => {
    answer = () => Promise.resolve(Response.json({ cleared: ["một", "hai"], cancelled: true }));
    const { textarea, host } = await render("c3", [{ id: 1, kind: "follow_up", text: "một" }, { id: 2, kind: "follow_up", text: "hai" }]);
    expect(host.querySelectorAll("#chips .chip").length).toBe(2);
    type(textarea, "đang gõ");
    await tick();
    (host.querySelector(".btn-stop") as HTMLButtonElement).click();
    for (let i = 0; i < 5; i++) await tick();
    expect(calls.map((c) => c.url)).toEqual(["/api/conversations/c3/stop"]);
    expect(textarea.value).toBe("một\n\nhai\n\nđang gõ");
  });

  test("a rejected send shows the server's sentence and keeps the text", async () => {
    const { textarea, form } = await render("c4");
    type(textarea, "/steer");
    answer = () => Promise.resolve(new Response("Lệnh /steer cần kèm nội dung", { status: 422 }));
    await tick();
    enter(textarea);
    for (let i = 0; i < 3; i++) await tick();
    expect(form.querySelector(".composer-note")!.textContent).toBe("Lệnh /steer cần kèm nội dung");
    expect(textarea.value).toBe("/steer");
  });
});
