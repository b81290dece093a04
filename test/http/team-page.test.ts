// Manage → Đội in process (F-24, F-22, F-23): the crew master first with its badges, a broken member with
// its error, a template installed from the page, and the editor's saves (a refusal keeps the typed text
// and the file's bytes).
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRun } from "../../src/store/runs.ts";
import { T_AGENTS } from "../../src/texts/vi-agents.ts";
import { T_TEAM } from "../../src/texts/vi-team.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";

async function app() {
  const t = await testApp();
  const memberFile = (id: string) => join(t.root, "agents", id, "agent.yaml");
  /** A form the page's htmx sends, answered with the #team fragment. */
  const post = (path: string, fields: Record<string, string>) =>
    t.request(path, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "hx-request": "true" },
    });
  const page = async () => (await (await t.request("/manage/team")).text());
  return { ...t, memberFile, post, page };
}

/** One agent's or template's row of the page. */
function row(html: string, attr: string): string {
  const start = html.indexOf(`<li class="team-row${attr.startsWith("data-template") ? " template-row" : ""}`, 0);
  const at = html.indexOf(attr, start);
  expect(at).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf("</li>", at));
}

const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#39;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

describe("Manage → Đội", () => {
  test("lists the master first with its badges, a broken member with its error; reload re-reads the disk", async () => {
    const t = await app();
    writeFileSync(join(t.root, "agent.yaml"), "telegram:\n  token_env: MY_TG_TOKEN\n  chat_id: 1\n");
    mkdirSync(join(t.root, "agents", "coach"), { recursive: true });
    const schedule = "schedules:\n  - id: morning\n    cron: 0 7 * * *\n    prompt: hi\n";
    writeFileSync(t.memberFile("coach"), `name: Coach\nmode: work\ndescription: Tập thể dục\n${schedule}`);
    mkdirSync(join(t.root, "agents", "bad"), { recursive: true });
    writeFileSync(t.memberFile("bad"), "max_steps: lots\n");
    expect(await t.page()).not.toContain('data-agent="coach"');

    const reloaded = await t.post("/manage/team/reload", {});
    expect(reloaded.status).toBe(200);
    expect(await reloaded.text()).toContain(T_TEAM.reloaded);
    createRun(t.store, { agentId: "coach", source: "job:coach/morning" });

    const html = await t.page();
    const order = [...html.matchAll(/data-agent="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(["default", "bad", "coach"]);
    const master = row(html, 'data-agent="default"');
    expect(master).toContain('<strong class="team-name">Trợ lý chính</strong>');
    expect(master).toContain(`badge-mode mode-chat">${T_TEAM.mode.chat}</span>`);
    expect(master).toContain(`badge-telegram">${T_TEAM.telegram}</span>`);
    expect(master).not.toContain("badge-live");
    const coach = row(html, 'data-agent="coach"');
    expect(coach).toContain(`badge-mode mode-work">${T_TEAM.mode.work}</span>`);
    expect(coach).toContain(`badge-live">${T_TEAM.live}</span>`);
    expect(coach).toContain(`badge-schedules">${T_TEAM.schedules(1)}</span>`);
    expect(coach).toContain("Tập thể dục");
    expect(coach).not.toContain("badge-telegram");
    const bad = row(html, 'data-agent="bad"');
    expect(bad).toContain(`badge-broken">${T_TEAM.broken}</span>`);
    expect(bad).toContain(esc(`${t.memberFile("bad")}: key "max_steps"`));
  });

  test("a template installs in one click and joins the crew; a refusal sits next to its button", async () => {
    const t = await app();
    const before = row(await t.page(), 'data-template="researcher"');
    expect(before).toContain('hx-post="/manage/team/install"');
    expect(before).toContain('name="template" value="researcher"');
    const res = await t.post("/manage/team/install", { template: "researcher" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toStartWith('<div id="team"');
    expect(row(html, 'data-agent="researcher"')).toContain("badge-mode");
    const done = row(html, 'data-template="researcher"');
    expect(done).toContain(T_TEAM.installed);
    expect(done).toContain(T_TEAM.installedNow(["researcher"]));
    expect(done).not.toContain("<form");
    expect(t.runtime.crew().agents.has("researcher")).toBe(true);

    const again = await t.post("/manage/team/install", { template: "researcher" });
    expect(again.status).toBe(409);
    expect(row(await again.text(), 'data-template="researcher"')).toContain(esc(T_AGENTS.exists("researcher")));
    const unknown = await t.post("/manage/team/install", { template: "chef" });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain(esc(T_AGENTS.unknownTemplate("chef", ["developer", "advisor", "researcher"])));
  });

  test("a refused save keeps the typed text and the file's bytes; a good save runs at once, escaped", async () => {
    const t = await app();
    await t.post("/manage/team/install", { template: "researcher" });
    const bytes = readFileSync(t.memberFile("researcher"));
    const editor = row(await t.page(), 'data-agent="researcher"');
    expect(editor).toContain('hx-post="/manage/team/agents/researcher"');
    expect(editor).toContain(`<textarea name="yaml" rows="10" spellcheck="false">\n${esc(bytes.toString())}</textarea>`);

    const refused = await t.post("/manage/team/agents/researcher", { yaml: "mode: robot\n", persona: "Gõ dở <b>" });
    expect(refused.status).toBe(422);
    const kept = row(await refused.text(), 'data-agent="researcher"');
    expect(kept).toContain('<details class="team-editor" open>');
    expect(kept).toContain(esc(`${t.memberFile("researcher")}: key "mode"`));
    expect(kept).toContain('aria-invalid="true"');
    expect(kept).toContain(">\nmode: robot\n</textarea>");
    expect(kept).toContain(">\nGõ dở &lt;b&gt;</textarea>");
    expect(readFileSync(t.memberFile("researcher"))).toEqual(bytes);
    const ghost = await t.post("/manage/team/agents/ghost", { yaml: "name: G\n", persona: "" });
    expect(ghost.status).toBe(404);
    expect(await ghost.text()).toContain(esc(T.agentNotFound("ghost")));

    const yaml = 'name: "<img src=x onerror=alert(1)>"\nmode: work\n';
    const saved = await t.post("/manage/team/agents/researcher", { yaml, persona: "Ngắn gọn." });
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(row(html, 'data-agent="researcher"')).toContain(T_TEAM.saved);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(readFileSync(t.memberFile("researcher"), "utf8")).toBe(yaml);
    expect(t.runtime.crew().get("researcher")!.mode).toBe("work");
    expect(t.runtime.crew().get("researcher")!.system()).toContain("Ngắn gọn.");
  });
});
