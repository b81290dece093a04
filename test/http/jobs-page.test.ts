// Manage → jobs over HTTP against the real Scheduler (M-45…M-48): the page with words, raw timing and a
// slot missed while the server was down; pause, delete, run now and the history as htmx fragments read
// back from the scheduler; 404/409/422 sentences; and the Manage stream following each change.
import { describe, expect, test } from "bun:test";
import { createSchedule } from "../../src/store/schedules.ts";
import { T_JOBS_PAGE as TJ } from "../../src/texts/vi-jobs-page.ts";
import { TJobsClock } from "../../src/texts/vi-jobs-clock.ts";
import { domId } from "../../views/manage/jobs.ts";
import { jobsApp } from "../helpers/jobs-app.ts";
import { readUntil } from "../helpers/text-stream.ts";

const MASTER_YAML = `schedules:
  - {id: morning, name: Bản tin sáng, cron: "0 7 * * *", prompt: "Chào buổi sáng"}
  - {id: off, enabled: false, every: 2h, prompt: "Không chạy"}
`;
const CHAT = "default/chat-news";

/** Up at 06:30 owner time (UTC+7), down across 07:00, back at 07:10. */
const app = () => jobsApp({
  masterYaml: MASTER_YAML, at: "2026-10-12T23:30:00Z", restartAt: "2026-10-13T00:10:00Z",
  before: (s) => void createSchedule(s, { id: "chat-news", agentId: "default", name: "Tin", every: "30m", prompt: "Tin" }),
});
const unquote = (h: string) => h.replaceAll("&quot;", '"');
const text = (h: string) => h.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("GET /manage/jobs", () => {
  test("each job: words beside the raw timing, the slot missed while the server was down, its actions", async () => {
    const t = await app();
    const res = await t.request("/manage/jobs");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('id="jobs-page"');
    expect(text(page)).toContain("Mỗi ngày lúc 07:00 0 7 * * *");
    expect(text(page)).toContain("Mỗi 30 phút 30m");
    expect(text(page)).toContain(`07:00 ${TJ.outcome.missed}: ${TJ.reason.down}`);
    expect(text(page)).toContain(`${TJ.nextRun} 07:30`);
    expect(page).toContain('href="/manage/team?edit=default#agent-default"');
    expect(page).toContain(`hx-target="#${domId("job", CHAT)}"`);
    expect(page).toContain("/manage/live?section=jobs");
  });
});

describe("the edit link", () => {
  test("opens the agent's editor on the team page", async () => {
    const t = await app();
    const team = await (await t.request("/manage/team?edit=default")).text();
    const row = team.slice(team.indexOf('id="agent-default"'));
    expect(row).toStartWith('id="agent-default"');
    expect(row).toContain('<details class="team-editor" open>');
  });
});

describe("the page's actions", () => {
  test("pause answers the stored row, survives a re-read, and resume undoes it", async () => {
    const t = await app();
    const paused = await t.form("/manage/jobs/pause", { id: "default/morning", paused: "1" });
    expect(paused.status).toBe(200);
    const row = await paused.text();
    expect(row).toStartWith(`<div class="job-row" id="${domId("job-row", "default/morning")}"`);
    expect(text(row)).toContain(TJ.pausedNote);
    expect(row).toContain(`>${TJ.resume}</button>`);
    expect(t.sched.view("default/morning")?.paused).toBe(true);
    expect(await (await t.request("/manage/jobs")).text()).toContain(`>${TJ.resume}</button>`);
    const resumed = await (await t.form("/manage/jobs/pause", { id: "default/morning", paused: "0" })).text();
    expect(resumed).toContain(`>${TJ.pause}</button>`);
  });

  test("a row disabled in agent.yaml has no toggle, and a forged one is refused with its sentence", async () => {
    const t = await app();
    const page = await (await t.request("/manage/jobs")).text();
    const off = page.slice(page.indexOf(`id="${domId("job-row", "default/off")}"`));
    expect(off.slice(0, off.indexOf("</li>"))).not.toContain('name="paused"');
    const res = await t.form("/manage/jobs/pause", { id: "default/off", paused: "1" });
    expect(res.status).toBe(409);
    expect(unquote(await res.text())).toContain(TJobsClock.disabledRow("default/off"));
  });

  test("delete removes a chat job (its item answers empty); a profile job is refused 409", async () => {
    const t = await app();
    const gone = await t.form("/manage/jobs/delete", { id: CHAT });
    expect(gone.status).toBe(200);
    expect(await gone.text()).toBe("");
    expect(await (await t.request("/manage/jobs")).text()).not.toContain(CHAT);
    const kept = await t.form("/manage/jobs/delete", { id: "default/morning" });
    expect(kept.status).toBe(409);
    const item = await kept.text();
    expect(item).toStartWith(`<li class="job" id="${domId("job", "default/morning")}"`);
    expect(unquote(item)).toContain(TJobsClock.profileDelete("default/morning"));
  });

  test("run now says it started; the history lists the run with a link to its page", async () => {
    const t = await app();
    const res = await t.form("/manage/jobs/run", { id: "default/morning" });
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain(TJ.started);
    const history = await (await t.request(`/manage/jobs/runs?id=${encodeURIComponent("default/morning")}`)).text();
    const run = /href="\/manage\/activity\/([^"]+)"/.exec(history)?.[1];
    expect(run).toBeDefined();
    expect(t.sched.view("default/morning")?.last_run?.id).toBe(run!);
    const none = await (await t.request(`/manage/jobs/runs?id=${encodeURIComponent(CHAT)}`)).text();
    expect(none).toContain(TJ.noRuns);
  });

  test("an unknown id gets its sentence with 404 on every action; a form without an id gets 422", async () => {
    const t = await app();
    for (const path of ["run", "pause", "delete"]) {
      const res = await t.form(`/manage/jobs/${path}`, { id: "default/nope", paused: "1" });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(TJ.unknownJob);
    }
    const runs = await t.request("/manage/jobs/runs?id=default%2Fnope");
    expect(runs.status).toBe(404);
    expect(await runs.text()).toContain(TJ.unknownJob);
    const bad = await t.form("/manage/jobs/pause", { id: "default/morning", paused: "maybe" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain(TJ.badForm);
  });
});

describe("the nav's jobs counter (M-40)", () => {
  test("counts the jobs whose latest run failed, on the page and on the stream", async () => {
    const t = await app();
    const badge = /x-text="failingJobs"(?: x-cloak)?>(\d+)</;
    expect(badge.exec(await (await t.request("/manage/jobs")).text())?.[1]).toBe("0");
    const live = await t.request("/manage/live?section=jobs");
    t.ends.status = "error";
    expect(t.sched.runNow("default/morning")).toEqual({ ok: true });
    const text = await readUntil(live, (s) => s.includes('"failingJobs":1'));
    expect(text).toContain('"failingJobs":1');
    expect(badge.exec(await (await t.request("/manage/activity")).text())?.[1]).toBe("1");
    t.ends.status = "done";
    expect(t.sched.runNow("default/morning")).toEqual({ ok: true });
    expect(badge.exec(await (await t.request("/manage/activity")).text())?.[1]).toBe("0");
  });
});

describe("the Manage stream on the jobs page", () => {
  test("a run replaces its row; a pause replaces its row; a delete replaces the list", async () => {
    const t = await app();
    const live = await t.request("/manage/live?section=jobs");
    const row = `<hx-partial hx-target="#${domId("job-row", "default/morning")}"`;
    const list = '<hx-partial hx-target="#jobs-page"';
    await readUntil(live.clone(), (s) => s.includes(list));
    expect(t.sched.runNow("default/morning")).toEqual({ ok: true });
    const ran = await readUntil(live.clone(), (s) => s.split(row).at(-1)!.includes(TJ.ended("xong")));
    expect(ran.split(row).length).toBeGreaterThan(1);
    expect(ran.split(row).at(-1)).toContain(TJ.ended("xong"));
    await t.form("/manage/jobs/pause", { id: "default/morning", paused: "1" });
    const paused = await readUntil(live.clone(), (s) => s.split(row).at(-1)!.includes(TJ.resume));
    expect(paused.split(row).at(-1)).toContain(TJ.resume);
    await t.form("/manage/jobs/delete", { id: CHAT });
    const after = await readUntil(live, (s) => s.split(list).length > 2 && !s.split(list).at(-1)!.includes(CHAT));
    expect(after.split(list).at(-1)).toContain("default/morning");
  });
});
