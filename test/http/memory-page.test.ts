// Manage → Trí nhớ over HTTP (G-01…G-04, M-49): the page lists proposals and files with the nav badge;
// accept, reject and rollback answer with the queue and change the files exactly; the editors save only over
// the text they were opened on; hostile text stays text; the Manage stream follows decisions.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { proposeMemory } from "../../src/store/memory-proposals.ts";
import { TM, TM_PAGE as TP } from "../../src/texts/vi-memory.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { readUntil } from "../helpers/text-stream.ts";

const OLD = "# Master\r\n- old\r\n";
const NEW = "# Master\n- consolidated\n";

async function setup() {
  const t = await testApp();
  writeFileSync(join(t.root, "MEMORY.md"), OLD);
  const rewrite = proposeMemory(t.store, {
    agentId: "default", scope: "agent", path: "MEMORY.md", oldText: OLD, newText: NEW,
    reason: "2026-11-29…2026-11-30", source: "memory:consolidate",
  });
  const note = proposeMemory(t.store, {
    agentId: "default", scope: "user", path: "users/owner/memory/2026-12-01.md", newText: "- 07:00 owner in Huế\n",
    source: "job:default/brief",
  });
  const post = (path: string, form: Record<string, string>) =>
    t.request(path, { method: "POST", body: new URLSearchParams(form), headers: { "hx-request": "true" } });
  return { t, rewrite, note, post, memory: () => readFileSync(join(t.root, "MEMORY.md"), "utf8") };
}

describe("Manage → Trí nhớ", () => {
  test("the page lists pending proposals, the files and a badge; the activity card points to them", async () => {
    const { t, rewrite, note } = await setup();
    const page = await (await t.request("/manage/memory")).text();
    expect(page).toContain('id="memory-proposals"');
    expect(page).toContain(`id="proposal-${rewrite.id}"`);
    expect(page).toContain(`id="proposal-${note.id}"`);
    expect(page).toContain(TP.fromJob("default/brief"));
    expect(page).toContain("- 07:00 owner in Huế");
    expect(page).toMatch(/x-text="memoryPending"[^>]*>2</);
    expect(page).toContain('id="memory-file-user"');
    expect(page).toContain('id="memory-file-default"');
    const activity = await (await t.request("/manage/activity")).text();
    expect(activity).toContain(`<a href="/manage/memory">${TP.seeProposals(2)}</a>`);
    expect(activity).toContain("&quot;pending&quot;:2");
    expect(page).toContain(`<textarea name="text" rows="8" spellcheck="false" aria-label="${TP.agentFile("Trợ lý chính")}">\n${OLD}</textarea>`);
  });

  test("accept writes, rollback restores the exact bytes and the proposal waits again, reject writes nothing", async () => {
    const { t, rewrite, note, post, memory } = await setup();
    const accepted = await post("/manage/memory/accept", { id: String(rewrite.id) });
    expect(accepted.status).toBe(200);
    const body = await accepted.text();
    expect(body).toContain(`<h2>${TP.pendingTitle}</h2>`);
    expect(body).toContain('<hx-partial hx-target="#memory-flash" hx-swap="innerHTML">');
    expect(body).toContain(TP.acceptedFlash);
    expect(body).toContain(`<hx-partial hx-target="#memory-file-default" hx-swap="outerHTML">`);
    expect(body).toContain(`/manage/memory/rollback`);
    expect(memory()).toBe(NEW);
    const back = await post("/manage/memory/rollback", { id: String(rewrite.id) });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain(TP.rolledBackFlash);
    expect(Buffer.from(memory())).toEqual(Buffer.from(OLD));
    const rejected = await post("/manage/memory/reject", { id: String(note.id) });
    expect(await rejected.text()).toContain(TP.rejectedFlash);
    expect(existsSync(join(t.root, "users", "owner", "memory", "2026-12-01.md"))).toBe(false);
    const again = await post("/manage/memory/reject", { id: String(note.id) });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(TM.alreadyDecided);
    expect((await post("/manage/memory/accept", { id: "999" })).status).toBe(404);
    expect((await post("/manage/memory/accept", { id: "x" })).status).toBe(422);
  });

  test("accept is refused when the file changed since the proposal, and says so", async () => {
    const { t, rewrite, post } = await setup();
    writeFileSync(join(t.root, "MEMORY.md"), "# edited by hand\n");
    const r = await post("/manage/memory/accept", { id: String(rewrite.id) });
    expect(r.status).toBe(409);
    expect(await r.text()).toContain(TM.changedSince);
    expect(readFileSync(join(t.root, "MEMORY.md"), "utf8")).toBe("# edited by hand\n");
  });

  test("an editor saves over the text it was opened on, and keeps what was typed when refused", async () => {
    const { t, post, memory } = await setup();
    const page = await (await t.request("/manage/memory")).text();
    const version = /id="memory-file-default"[\s\S]*?name="version" value="([0-9a-f]{16})"/.exec(page)![1]!;
    const form = (text: string, v = version) => ({ scope: "agent", agent: "default", version: v, text });
    const saved = await post("/manage/memory/file", form("# Master\r\n- edited\r\n"));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(TP.saved);
    expect(memory()).toBe("# Master\n- edited\n");
    const stale = await post("/manage/memory/file", form("# typed over a stale copy"));
    expect(stale.status).toBe(409);
    const staleBody = await stale.text();
    expect(staleBody).toContain(TP.editedMeanwhile);
    expect(staleBody).toContain("# typed over a stale copy</textarea>");
    expect(memory()).toBe("# Master\n- edited\n");
    expect((await post("/manage/memory/file", form("x".repeat(16_001), "0".repeat(16)))).status).toBe(422);
    expect((await post("/manage/memory/file", { ...form("x"), agent: "ghost" })).status).toBe(404);
    expect((await post("/manage/memory/file", { ...form("x"), scope: "team" })).status).toBe(422);
    const userPage = await (await t.request("/manage/memory")).text();
    const userVersion = /id="memory-file-user"[\s\S]*?name="version" value="([0-9a-f]{16})"/.exec(userPage)![1]!;
    const user = await post("/manage/memory/file", { scope: "user", agent: "default", version: userVersion, text: "Owner: Lan" });
    expect(user.status).toBe(200);
    expect(readFileSync(join(t.root, "users", "owner", "USER.md"), "utf8")).toBe("Owner: Lan");
  });

  test("hostile text in a proposal and in a file is escaped, never markup", async () => {
    const t = await testApp();
    const evil = `<script>alert(1)</script><img src=x onerror=alert(2)></textarea><b hx-get="/x">`;
    writeFileSync(join(t.root, "MEMORY.md"), evil);
    proposeMemory(t.store, { agentId: "default", scope: "agent", path: "MEMORY.md", oldText: evil, newText: `${evil}\n` });
    const page = await (await t.request("/manage/memory")).text();
    expect(page).not.toContain("<script>alert(1)");
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain('<b hx-get="/x">');
    expect(page).toContain("&lt;/textarea&gt;");
  });

  test("a chat turn's memory_save lands in today's notes; the stream follows a decision with the badge", async () => {
    const { t, note, post } = await setup();
    const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const call = { text: '/tool memory_save {"scope":"agent","text":"Owner asked for weekly summaries"}' };
    await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", call), isEnd);
    const [day] = t.runtime.crew().memory.noteDates("agent", "default");
    expect(readFileSync(join(t.root, "memory", `${day}.md`), "utf8")).toMatch(/- \d\d:\d\d Owner asked for weekly summaries\n/);
    const live = await t.request("/manage/live?section=memory");
    await readUntil(live.clone(), (s) => s.includes('"memoryPending":2'));
    await post("/manage/memory/accept", { id: String(note.id) });
    const queues = (s: string) => s.split('<hx-partial hx-target="#memory-proposals"').slice(1);
    const text = await readUntil(live, (s) => s.includes('"memoryPending":1') && queues(s).length > 1
      && queues(s).at(-1)!.includes("</hx-partial>"));
    expect(queues(text).at(-1)).toContain(`id="proposal-${note.id}" data-status="accepted"`);
  });
});
