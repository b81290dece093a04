// Manage shows no internal words: an empty ledger says so instead of a flat chart, and the master
// agent, run sources and call purposes read in Vietnamese.
import { describe, expect, test } from "bun:test";
import { TCost } from "../../src/texts/vi-costs.ts";
import { TLabel } from "../../src/texts/vi-labels.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

describe("Manage words", async () => {
  const t = await testApp();
  const page = async (path: string) => (await t.request(path)).text();

  test("costs with no call at all: an empty state, no chart; after a call the chart and labels", async () => {
    const empty = await page("/manage/costs");
    expect(empty).toContain(TCost.emptyTitle);
    expect(empty).not.toContain('<svg class="chart"');
    const id = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text: "chào" }), isEnd);
    const full = await page("/manage/costs");
    expect(full).not.toContain(TCost.emptyTitle);
    expect(full).toContain('<svg class="chart"');
    expect(full).toContain(`<th scope="row">${TLabel.agent("default")}</th>`);
    expect(full).toContain(`<th scope="row">${TLabel.purpose("chat")}</th>`);
    expect(full).not.toContain('<th scope="row">default</th>');
  });

  test("run rows and the nav: no 'default', 'chat', 'Tool' or 'Job' on screen", async () => {
    const html = await page("/manage/activity");
    expect(html).toContain(`<span class="run-agent">${TLabel.agent("default")}</span>`);
    expect(html).toContain(`<span class="run-src">${TLabel.source("chat")}</span>`);
    expect(html).toContain(`>${T.sections.tools}</a>`);
    expect(T.sections.tools).not.toBe("Tool");
    expect(T.sections.jobs).not.toBe("Job");
    expect(TLabel.source("job:daily")).toBe("Việc định kỳ daily");
  });
});
