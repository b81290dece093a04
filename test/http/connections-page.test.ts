// Manage → Kết nối for a newcomer (issue 11): the routes row comes first, every row is titled with a
// Vietnamese label and shows its env name underneath, and a refused save answers under its field.
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { connectionRoutes } from "../../src/server/routes/connections.ts";
import { CONN_LABELS } from "../../src/texts/vi-connections.ts";
import { connectionsFixture } from "../unit/connections/fixture.ts";

async function page(fields?: Record<string, string>) {
  const f = await connectionsFixture({});
  const app = new Hono().route("/api/connections", connectionRoutes(f.deps));
  const res = fields
    ? await app.request("/api/connections", { method: "PUT", body: new URLSearchParams(fields), headers: { "hx-request": "true" } })
    : await app.request("/api/connections", { headers: { "hx-request": "true" } });
  return { status: res.status, html: await res.text() };
}
const rows = (html: string) => [...html.matchAll(/<li class="conn-row" data-name="([^"]+)"[\s\S]*?<\/li>/g)];

describe("the Connections page", () => {
  test("the first row is the routes, labelled in Vietnamese with MY_AGENT_ROUTES underneath", async () => {
    const { html } = await page();
    const [first] = rows(html);
    expect(first![1]).toBe("MY_AGENT_ROUTES");
    expect(first![0]).toContain(`<strong class="conn-label">${CONN_LABELS.routes!()}</strong>`);
    expect(first![0]).toMatch(/<\/div>\s*<div class="muted"><code>MY_AGENT_ROUTES<\/code><\/div>/);
  });

  test("every catalogue row has a label, not its env name, as its title", async () => {
    const { html } = await page();
    for (const [row, name] of rows(html)) {
      const title = /<strong class="conn-label">([^<]+)<\/strong>/.exec(row)?.[1];
      expect({ name, title: title !== undefined && title !== name }).toEqual({ name, title: true });
      expect(row).toContain(`<code>${name}</code>`);
    }
  });

  test("a refused save shows its reason under that field, not at the top of the page", async () => {
    const { status, html } = await page({ name: "MY_AGENT_ROUTES", value: "not a route" });
    expect(status).toBe(422);
    const row = rows(html).find(([, name]) => name === "MY_AGENT_ROUTES")![0];
    const error = /<p class="card-warn conn-error" id="conn-error-MY_AGENT_ROUTES" role="alert">([^<]+)<\/p>/.exec(row);
    expect(error?.[1]?.length).toBeGreaterThan(10);
    expect(row).toContain('aria-invalid="true" aria-describedby="conn-error-MY_AGENT_ROUTES"');
    expect(html).not.toContain('class="flash card-warn"');
  });
});
