// GET /c/<id>/live read as text (docs/chat.md): it opens with the screen's state, then carries what
// sends and decisions cause — which themselves answer 202 or one sentence — whoever sent them.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";

type App = Awaited<ReturnType<typeof testApp>>;

/** The stream as text, read until `until` holds for everything read so far (or 10 s pass). */
async function readUntil(res: Response, until: (text: string) => boolean): Promise<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), 10_000);
  try {
    while (!until(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return text;
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

async function conversation(t: App, patch: Record<string, unknown> = {}): Promise<string> {
  const id = ((await (await t.json("/api/conversations", "POST", {})).json()) as { id: string }).id;
  await t.json(`/api/conversations/${id}`, "PATCH", patch);
  return id;
}

describe("the chat screen's live stream", () => {
  test("opens with every part of the screen addressed by id, and the state event", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const res = await t.request(`/c/${id}/live`);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await readUntil(res, (s) => s.includes("event: state"));
    for (const target of ["#thread", "#chat-header", "#chips", "#approval-bar", "#conv-activity"]) {
      expect(text).toContain(`hx-target="${target}"`);
    }
    expect(text).toContain('event: state\ndata: {"running":false,"locked":false}');
  });

  test("an unknown conversation is a 404 with a sentence", async () => {
    const t = await testApp();
    const res = await t.request("/c/nope/live");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(T.conversationNotFound);
  });

  test("a send answers 202; the turn arrives on the stream: appended, streamed, then as stored", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const live = await t.request(`/c/${id}/live`);
    const sent = await t.request(`/c/${id}/send`, form({ text: "xin chào", request_id: "r-live-1" }));
    expect(sent.status).toBe(202);
    const text = await readUntil(live, (s) => /data-status="done"/.test(s) && s.endsWith('"running":false,"locked":false}\n\n'));
    const run = /<div class="turn live" id="turn-([\w-]+)"/.exec(text)?.[1];
    expect(run).toBeDefined();
    expect(text).toContain(`<hx-partial hx-target="#thread" hx-swap="beforeend"><div class="turn live" id="turn-${run}"`);
    expect(text).toContain(`<hx-partial hx-target="#turn-${run}" hx-swap="outerHTML"><div class="turn" id="turn-${run}" data-status="done">`);
    expect(text).toContain(`<hx-partial hx-target="#seg-${run}" hx-swap="beforeend">`);
    expect(text).toContain('"running":true');
  });

  test("a refused send answers its sentence as plain text and stores nothing", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const res = await t.request(`/c/${id}/send`, form({ text: "/steer" }));
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(T.steerEmpty);
    const detail = (await (await t.request(`/api/conversations/${id}`)).json()) as { messages: unknown[] };
    expect(detail.messages).toEqual([]);
  });

  test("a decision through the JSON API clears the bar and continues the run on the stream", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const sent = await t.request(`/c/${id}/send`, form({ text: '/tool file_write {"path":"a.txt","content":"x"}' }));
    expect(sent.status).toBe(202);
    const pending = async () => ((await (await t.request("/api/approvals")).json()) as { pending: { id: string }[] }).pending;
    await t.runtime.host.running(id)?.done;
    expect(await pending()).toHaveLength(1);
    const live = await t.request(`/c/${id}/live`);
    const opening = await readUntil(live.clone(), (s) => s.includes("event: state"));
    expect(opening).toContain('class="approval card-warn"');
    const decided = await t.json(`/api/approvals/${(await pending())[0]!.id}`, "POST", { decision: "approve" });
    expect(decided.status).toBe(200);
    const text = await readUntil(live, (s) => s.includes("file_write: Created a.txt"));
    expect(text).toContain('<hx-partial hx-target="#approval-bar" hx-swap="outerHTML"><div id="approval-bar"></div>');
  });
});
