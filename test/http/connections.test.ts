// /api/connections over HTTP (O-10…O-13, N-07): answers never carry a secret, saves apply to the file,
// the live env and the crew, refusals write nothing, and the page's htmx forms get the fragment back.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { Hono } from "hono";
import { connectionRoutes } from "../../src/server/routes/connections.ts";
import { connectionsFixture } from "../unit/connections/fixture.ts";

const KEY = "sk-http-test-0123456789";
const TOKEN = "424242:telegram-http-secret";

async function setup(env: Record<string, string> = {}) {
  const f = await connectionsFixture(env);
  const app = new Hono().route("/api/connections", connectionRoutes(f.deps));
  const put = (body: unknown) => app.request("/api/connections", { method: "PUT", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } });
  const form = (fields: Record<string, string>) => app.request("/api/connections", { method: "PUT", body: new URLSearchParams(fields), headers: { "hx-request": "true" } });
  return { ...f, app, put, form };
}

const fake = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (req) => (req.headers.get("authorization") === `Bearer ${KEY}` ? Response.json({ data: [{ id: "m" }] }) : Response.json({ error: `wrong ${req.headers.get("authorization")}` }, { status: 401 })),
});
afterAll(() => fake.stop(true));

describe("connections API", () => {
  test("GET lists the catalogue and other variables without ever returning a secret", async () => {
    const t = await setup({ OPENAI_API_KEY: KEY, TELEGRAM_BOT_TOKEN: TOKEN, SKILL_TOKEN: "skill-secret-123", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    writeFileSync(t.envFile, `OPENAI_API_KEY=${KEY}\nSKILL_TOKEN=skill-secret-123\n`);
    const res = await t.app.request("/api/connections");
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [KEY, TOKEN, "skill-secret-123"]) expect(text).not.toContain(secret);
    const body = JSON.parse(text);
    expect(body.rows.find((r: { name: string }) => r.name === "OPENAI_API_KEY")).toMatchObject({ group: "models", kind: "secret", set: true });
    expect(body.rows.find((r: { name: string }) => r.name === "OPENAI_API_KEY").value).toBeUndefined();
    expect(body.rows.find((r: { name: string }) => r.name === "OPENAI_BASE_URL")).toMatchObject({ kind: "url", set: true, value: "http://127.0.0.1:9/v1" });
    expect(body.rows.find((r: { name: string }) => r.name === "MY_AGENT_ROUTES")).toMatchObject({ kind: "routes", value: "fake:echo" });
    expect(body.rows.find((r: { name: string }) => r.name === "GROQ_API_KEY")).toMatchObject({ set: false });
    expect(body.other).toEqual([{ name: "SKILL_TOKEN", set: true }]);
    expect(body.route_problems).toEqual([]);
    const page = await (await t.app.request("/api/connections", { headers: { "hx-request": "true" } })).text();
    expect(page).toContain('id="connections"');
    for (const secret of [KEY, TOKEN, "skill-secret-123"]) expect(page).not.toContain(secret);
  });

  test("PUT sets and removes; the answer is the new status; the crew is rebuilt with the new routes", async () => {
    const t = await setup();
    writeFileSync(t.envFile, "# owner's notes\nKEEP_ME=1\n");
    const set = await t.put({ changes: { OPENAI_API_KEY: KEY, MY_AGENT_ROUTES: "openai:gpt-4.1-mini,fake:echo" } });
    expect(set.status).toBe(200);
    const body = await set.text();
    expect(body).not.toContain(KEY);
    expect(JSON.parse(body).rows.find((r: { name: string }) => r.name === "OPENAI_API_KEY").set).toBe(true);
    expect(readFileSync(t.envFile, "utf8")).toBe(`# owner's notes\nKEEP_ME=1\nOPENAI_API_KEY=${KEY}\nMY_AGENT_ROUTES=openai:gpt-4.1-mini,fake:echo\n`);
    expect(t.deps.crew().get("default")!.routes.map((r) => r.label)).toEqual(["openai:gpt-4.1-mini", "fake:echo"]);
    expect(t.jobs.count).toBe(1);
    const removed = await t.put({ changes: { MY_AGENT_ROUTES: "fake:echo", KEEP_ME: null } });
    expect(removed.status).toBe(200);
    expect((await t.put({ changes: { OPENAI_API_KEY: null } })).status).toBe(200);
    expect(readFileSync(t.envFile, "utf8")).toBe("# owner's notes\nMY_AGENT_ROUTES=fake:echo\n");
    expect(t.env.OPENAI_API_KEY).toBeUndefined();
    expect(t.env.KEEP_ME).toBeUndefined();
    expect(t.logs.join("\n")).not.toContain(KEY);
    expect(t.logs.join("\n")).toContain("-OPENAI_API_KEY");
  });

  test("refusals are 422 (400 for non-JSON) with a sentence, and write nothing", async () => {
    const t = await setup({ OPENAI_API_KEY: KEY, MY_AGENT_ROUTES: "openai:gpt-4.1-mini" });
    writeFileSync(t.envFile, `# keys\nOPENAI_API_KEY=${KEY}\nMY_AGENT_ROUTES=openai:gpt-4.1-mini\n`);
    const before = readFileSync(t.envFile);
    const cases: [unknown, number, string][] = [
      ["{nope", 400, ""],
      [{ changes: { "BAD-NAME": "x" } }, 422, ""],
      [{ changes: { NEW_VAR: `line1\nline2-${KEY}` } }, 422, "NEW_VAR"],
      [{ changes: { NEW_VAR: "a\0b" } }, 422, "NEW_VAR"],
      [{ changes: { OPENAI_API_KEY: null } }, 422, "openai:gpt-4.1-mini"],
      [{ changes: { MY_AGENT_ROUTES: "not-a-route" } }, 422, "not-a-route"],
      [{ changes: {} }, 422, ""],
      [{ changes: { X: 1 } }, 422, ""],
      [{ other: 1 }, 422, ""],
    ];
    for (const [body, status, mention] of cases) {
      const res = await t.put(body);
      expect(res.status).toBe(status);
      const detail = (await res.json()).detail as string;
      expect(detail).toContain(mention);
      expect(detail).not.toContain(KEY);
      expect(readFileSync(t.envFile).equals(before)).toBe(true);
    }
    expect(t.env.OPENAI_API_KEY).toBe(KEY);
    expect(t.jobs.count).toBe(0);
  });

  test("the page's forms save through htmx and get the #connections fragment back", async () => {
    const t = await setup();
    const ok = await t.form({ name: "TELEGRAM_BOT_TOKEN", value: TOKEN });
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toStartWith('<div id="connections"');
    expect(html).not.toContain(TOKEN);
    expect(t.env.TELEGRAM_BOT_TOKEN).toBe(TOKEN);
    const bad = await t.form({ name: "TELEGRAM_BOT_TOKEN", value: "a\nb" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('role="alert"');
    expect((await t.form({ name: "TELEGRAM_BOT_TOKEN", remove: "1" })).status).toBe(200);
    expect(t.env.TELEGRAM_BOT_TOKEN).toBeUndefined();
  });

  test("POST /check/{name} runs the live check against the configured base URL without echoing the key", async () => {
    const t = await setup({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `http://127.0.0.1:${fake.port}/v1`, GROQ_API_KEY: "gsk-wrong-key-123", GROQ_BASE_URL: `http://127.0.0.1:${fake.port}/v1` });
    const ok = await t.app.request("/api/connections/check/OPENAI_API_KEY", { method: "POST" });
    expect(await ok.json()).toEqual({ ok: true, detail: expect.any(String) });
    const failed = await (await t.app.request("/api/connections/check/GROQ_API_KEY", { method: "POST" })).text();
    expect(JSON.parse(failed).ok).toBe(false);
    expect(failed).not.toContain("gsk-wrong-key-123");
    const fragment = await (await t.app.request("/api/connections/check/OPENAI_API_KEY", { method: "POST", headers: { "hx-request": "true" } })).text();
    expect(fragment).toContain("check-ok");
    expect((await t.app.request("/api/connections/check/OPENAI_BASE_URL", { method: "POST" })).status).toBe(404);
    expect((await t.app.request("/api/connections/check/NOPE", { method: "POST" })).status).toBe(404);
    expect(t.logs.join("\n")).not.toContain(KEY);
  });
});
