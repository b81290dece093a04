import { describe, expect, test } from "bun:test";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

describe("Manage pages", async () => {
  const t = await testApp();
  const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
  await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text: "chào" }), isEnd);
  const ask = (await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text: '/tool file_write {"path":"x.txt","content":"1"}' }), isEnd)).at(-1)!;

  test("every section answers a full page and an htmx fragment; unknown sections redirect", async () => {
    for (const s of ["activity", "approvals", "costs", "team", "tools", "jobs", "memory", "settings"]) {
      const full = await t.request(`/manage/${s}`);
      expect(full.status).toBe(200);
      const html = await full.text();
      expect(html).toContain("<!doctype html>");
      expect(html).toContain(`data-section="${s}"`);
      expect(full.headers.get("cache-control")).toBe("no-store");
      const part = await (await t.request(`/manage/${s}`, { headers: { "hx-request": "true", "hx-request-type": "partial" } })).text();
      expect(part).toMatch(/^<title>[^<]+<\/title><main id="main"/);
    }
    expect((await t.request("/manage/nope")).status).toBe(302);
    expect(await (await t.request("/manage/memory")).text()).toContain('id="memory-page"');
  });

  test("the approvals page lists the pending request; the nav counts it", async () => {
    const html = await (await t.request("/manage/approvals")).text();
    expect(html).toContain(`id="ap-${ask.approval_id}"`);
    expect(html).toContain(T.approvalTitle("file_write"));
    expect(html).toContain('class="badge badge-warn" x-show="pending > 0" x-text="pending">1</span>');
    // The tab title keeps the count when htmx swaps a section in, as on a full page (D-24).
    const swap = { headers: { "hx-request": "true", "hx-request-type": "partial" } };
    const part = await (await t.request("/manage/approvals", swap)).text();
    expect(part).toStartWith(`<title>(1) ${T.sections.approvals} · ${T.manage}</title>`);
    expect(html).toContain(`<title>(1) ${T.sections.approvals} · ${T.manage}</title>`);
  });

  test("the run page is fetched by id; an unknown id is a page that says so, with 404", async () => {
    const runs = (await (await t.request("/api/activity/runs")).json()).runs;
    const html = await (await t.request(`/manage/activity/${runs.at(-1).id}`)).text();
    expect(html).toContain(T.runEndedAs(T.runStatus.done!, 1));
    expect(html).toContain(`/api/activity/runs/${runs.at(-1).id}/export.md`);
    expect(html).toContain(T.exportReviewReminder);
    const missing = await t.request("/manage/activity/nope");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(T.runMissing);
  });

  test("history pages with Xem thêm", async () => {
    for (let i = 0; i < 55; i++) t.store.db.run("INSERT INTO runs (id, agent_id, source, status, started_at, ended_at) VALUES (?, 'default', 'api', 'done', ?, ?)", [`r${i}`, `2020-01-01T00:00:${String(i).padStart(2, "0")}Z`, "2020-01-02T00:00:00Z"]);
    const first = await (await t.request("/manage/fragments/history")).text();
    expect(first).toContain(T.loadMore);
    const next = /hx-get="([^"]+append=1)"/.exec(first)![1]!.replace(/&amp;/g, "&");
    const more = await (await t.request(next)).text();
    expect(more).toContain('href="/manage/activity/r0"');
    expect(more).not.toContain("<ul");
  });

  test("the costs page shows the ledger; an error in a section shows the error card and keeps the nav", async () => {
    expect(await (await t.request("/manage/costs")).text()).toContain(T.totalSpend);
    const { manageRoutes } = await import("../../src/server/routes/manage.ts");
    const { Hono } = await import("hono");
    const deps = { store: t.store, assets: t.assets, host: t.runtime.host, hub: t.runtime.hub, crew: t.runtime.crew, settings: { allowedHosts: [], timezone: "UTC" }, log: () => {} };
    const app = new Hono().route("/", manageRoutes(deps, { costs: () => { throw new Error("boom"); } }));
    const html = await (await app.request("/manage/costs")).text();
    expect(html).toContain(T.errorCardTitle);
    expect(html).toContain('href="/manage/activity"');
  });
});
