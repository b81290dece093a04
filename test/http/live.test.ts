// GET /c/<id>/live read as text (docs/chat.md): it opens with the screen's state, then carries what
// sends and decisions cause — which themselves answer 202 or one sentence — whoever sent them.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { readUntil } from "../helpers/text-stream.ts";

type App = Awaited<ReturnType<typeof testApp>>;

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

  test("carries the shell: the sidebar list, then tab title and header title as a title arrives", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const live = await t.request(`/c/${id}/live`);
    const opening = await readUntil(live.clone(), (s) => s.includes("event: shell"));
    expect(opening).toContain('<hx-partial hx-target="#conv-list" hx-swap="outerHTML"><div id="conv-list"');
    expect(opening).toContain(`event: shell\ndata: {"pending":0,"title":"${T.appName}","manage":"/manage/activity"}`);
    expect((await t.request(`/c/${id}/send`, form({ text: "Kế hoạch Tết" }))).status).toBe(202);
    // fake:echo answers the title call with the first message, so that is the title.
    const header = '<hx-partial hx-target="#chat-title" hx-swap="outerHTML"><h1 class="chat-title" id="chat-title">';
    const text = await readUntil(live, (s) => s.includes(`${header}Kế hoạch Tết</h1>`));
    const shell = '{"pending":0,"title":"Kế hoạch Tết","manage":"/manage/activity"}';
    expect(text).toContain(`event: shell\ndata: ${shell}`);
    const lists = text.split('hx-target="#conv-list"');
    expect(lists.at(-1)).toContain("Kế hoạch Tết");
  });

  test("a page's fingerprint spares the opening HTML while nothing changed, and only then", async () => {
    const t = await testApp();
    const id = await conversation(t);
    const page = await (await t.request(`/c/${id}`)).text();
    const seen = new RegExp(`/c/${id}/live\\?seen=([a-z0-9]+)"`).exec(page)?.[1];
    expect(seen).toBeDefined();
    const fresh = await readUntil(await t.request(`/c/${id}/live?seen=${seen}`), (s) => s.includes("event: state"));
    expect(fresh).not.toContain("hx-partial");
    expect(fresh).toContain("event: shell");
    await t.request(`/c/${id}/send`, form({ text: "chào" }));
    await t.runtime.host.running(id)?.done;
    const stale = await readUntil(await t.request(`/c/${id}/live?seen=${seen}`), (s) => s.includes("event: state"));
    expect(stale).toContain('<hx-partial hx-target="#thread" hx-swap="innerHTML">');
    const odd = await readUntil(await t.request(`/c/${id}/live?seen=%3Cx%3E`), (s) => s.includes("event: state"));
    expect(odd).toContain('<hx-partial hx-target="#thread" hx-swap="innerHTML">');
  });
});
