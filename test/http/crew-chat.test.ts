// The chat screen's crew parts over HTTP (F-11, F-20, F-24): the header's crew card lists the running
// crew master first, the options card has one box per skill, a delegate step links its child
// conversation, and the child's page says it is delegated work.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TCrewChat } from "../../src/texts/vi-crew-chat.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const md = (front: string, body: string) => `---\n${front}\n---\n${body}\n`;
/** The attribute itself, not the `:checked`/`:disabled` selector inside the change handler. */
const has = (attr: string, tag: string) => new RegExp(`\\s${attr}[\\s>]`).test(tag);

describe("chat header and run cards for the crew", async () => {
  const t = await testApp();
  const conv = await (await t.json("/api/conversations", "POST", {})).json();
  const header = async () => (await t.request(`/c/${conv.id}/header`)).text();

  test("the crew pill opens a card: the crew master first, description, mode, a team link", async () => {
    expect(await header()).toContain(`${T.crew(1)}</button>`);
    expect((await t.json("/api/agents/install", "POST", { template: "researcher" })).status).toBe(201);
    const html = await header();
    expect(html).toContain(`id="crew-pill"`);
    expect(html).toContain(`${T.crew(2)}</button>`);
    const card = html.slice(html.indexOf(`class="card crew-card"`));
    const master = card.indexOf(`data-agent="default"`);
    const researcher = card.indexOf(`data-agent="researcher"`);
    expect(master).toBeGreaterThan(0);
    expect(researcher).toBeGreaterThan(master);
    expect(card).toContain("Nghiên cứu viên");
    expect(card).toContain("Tìm, đọc và đối chiếu nguồn");
    expect(card).toContain(`${TCrewChat.mode.chat}</span>`);
    expect(card).toContain(`href="/manage/team">${TCrewChat.manageTeam}</a>`);
  });

  test("the options card: a box per skill, checked once enabled; always skills checked and disabled", async () => {
    expect(await header()).toContain(TCrewChat.noSkills);
    mkdirSync(join(t.root, "skills"), { recursive: true });
    writeFileSync(join(t.root, "skills", "style.md"), md("name: house-style\nalways: true", "Write short."));
    writeFileSync(join(t.root, "skills", "maps.md"), md("name: maps\ndescription: Reads maps", "Use maps."));
    expect((await t.request("/api/agents/reload", { method: "POST" })).status).toBe(200);
    const box = (name: string, html: string) => html.match(new RegExp(`<input[^>]*value="${name}"[^>]*>`))?.[0] ?? "";
    let html = await header();
    expect(has("checked", box("house-style", html)) && has("disabled", box("house-style", html))).toBe(true);
    expect(has("checked", box("maps", html))).toBe(false);
    expect(box("maps", html)).toContain("$patch(");
    expect(box("maps", html)).toContain("skills:");
    expect((await t.json(`/api/conversations/${conv.id}`, "PATCH", { skills: ["maps"] })).status).toBe(200);
    html = await header();
    expect(has("checked", box("maps", html))).toBe(true);
    expect(has("disabled", box("maps", html))).toBe(false);
  });

  test("a delegate step links its child (activity column, run page); the child links back to its parent", async () => {
    const text = '/tool delegate {"agent":"researcher","task":"tìm giá vé"}';
    await collect(await t.json(`/api/conversations/${conv.id}/messages`, "POST", { text }), isEnd);
    const runs = await (await t.request("/api/activity/runs?agent=default")).json();
    const mine = runs.runs.find((r: { conversation_id: string }) => r.conversation_id === conv.id);
    const run = await (await t.request(`/api/activity/runs/${mine.id}`)).json();
    const child = run.steps.find((s: { name: string }) => s.name === "delegate").child_conversation_id;
    expect(child).toBeString();
    const column = await (await t.request(`/c/${conv.id}/activity`)).text();
    expect(column).toContain(`href="/c/${child}">${TCrewChat.openDelegated}</a>`);
    expect(column).toContain("Nghiên cứu viên");
    expect(column).toContain(`<dd id="delegated-count">1</dd>`);
    const runPage = await (await t.request(`/manage/activity/${mine.id}`)).text();
    expect(runPage).toContain(`href="/c/${child}">${TCrewChat.openDelegated}</a>`);
    const page = await (await t.request(`/c/${child}`)).text();
    expect(page).toContain(TCrewChat.delegatedNotice("Nghiên cứu viên"));
    expect(page).toContain(`href="/c/${conv.id}">${TCrewChat.backToParent}</a>`);
    expect(await (await t.request(`/c/${conv.id}`)).text()).not.toContain(`id="delegated-notice"`);
  });
});
