// GET /manage/live (docs/manage.md): Manage's one stream. It opens with the nav's counters, the shell
// (tab title with the pending count, the sidebar list) and the section's live part, then follows
// decisions and runs taken anywhere.
import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";
import { readUntil } from "../helpers/text-stream.ts";

describe("the Manage screen's stream", () => {
  test("approvals: a decision taken elsewhere replaces the list, the counters and the tab title", async () => {
    const t = await testApp();
    const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const write = { text: '/tool file_write {"path":"x.txt","content":"1"}' };
    const ask = (await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", write), isEnd)).at(-1)!;
    const live = await t.request("/manage/live?section=approvals");
    expect(live.headers.get("content-type")).toContain("text/event-stream");
    const title = `${T.sections.approvals} · ${T.manage}`;
    const opening = await readUntil(live.clone(), (s) => s.includes(`id="ap-${ask.approval_id}"`));
    expect(opening).toContain('hx-target="#conv-list"');
    expect(opening).toContain(`event: shell\ndata: {"pending":1,"title":"(1) ${title}","manage":"/manage/approvals"}`);
    expect(opening).toMatch(/event: counters\ndata: \{"running":0,"errorRunIds":\[\],"pending":1,"failingJobs":0,"memoryPending":0\}/);
    const decided = await t.json(`/api/approvals/${ask.approval_id}`, "POST", { decision: "deny" });
    expect(decided.status).toBe(200);
    const lists = (s: string) => s.split('<hx-partial hx-target="#approvals-page"');
    const after = await readUntil(live, (s) => s.includes('"pending":0,"title"') && lists(s).length > 2);
    expect(after).toContain(`event: shell\ndata: {"pending":0,"title":"${title}","manage":"/manage/activity"}`);
    expect(lists(after).at(-1)).not.toContain(`id="ap-${ask.approval_id}"`);
  });

  test("activity: a run that starts and ends replaces the running list", async () => {
    const t = await testApp();
    const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    const live = await t.request("/manage/live?section=activity");
    await readUntil(live.clone(), (s) => s.includes('hx-target="#running-runs"'));
    await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text: "chào" }), isEnd);
    const lists = (s: string) => s.split('hx-target="#running-runs"').slice(2);
    const text = await readUntil(live, (s) => lists(s).at(-1)?.includes("</hx-partial>") === true
      && lists(s).at(-1)!.includes(T.noRunning));
    expect(lists(text)[0]).toContain('class="run-row st-running"');
  });
});
