import { afterAll, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import type { AppDeps } from "../../src/server/deps.ts";
import { fence } from "../../src/server/fence.ts";
import { exportRoutes } from "../../src/server/routes/export.ts";
import { addStep } from "../../src/store/runs.ts";
import { T } from "../../src/texts/vi.ts";
import { HOST, testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const SK = "sk-test-1234567890abcdef";
const PLAIN = "plain-secret-value-42"; // no well-known shape: only the env can reveal it

describe("run export over HTTP", async () => {
  process.env.TEST_API_KEY = SK;
  process.env.TEST_EXPORT_SECRET = PLAIN;
  afterAll(() => {
    delete process.env.TEST_API_KEY;
    delete process.env.TEST_EXPORT_SECRET;
  });
  const t = await testApp();
  const deps: AppDeps = { settings: { timezone: "Asia/Ho_Chi_Minh", allowedHosts: [] }, store: t.store, assets: t.assets, host: t.runtime.host, hub: t.runtime.hub, crew: t.runtime.crew };
  const app = new Hono();
  app.use(fence([]));
  app.route("/api/activity/runs", exportRoutes(deps));
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers: { host: HOST, ...headers } });

  const conv = (await (await t.json("/api/conversations", "POST", {})).json()).id as string;
  await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text: `keys ${SK} and ${PLAIN}` }), isEnd);
  const runId = (await (await t.request("/api/activity/runs")).json()).runs[0].id as string;
  addStep(t.store, { runId, type: "tool", name: "file_read", toolCallId: "call_9", arguments: '{"path":"log.txt"}', result: "L".repeat(3000) });

  test("JSON export: an attachment, never cached, with the run, its messages and tool calls", async () => {
    const res = await get(`/api/activity/runs/${runId}/export.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="run-${runId}.json"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const x = await res.json();
    expect(x.review_reminder).toBe(T.exportReviewReminder);
    expect(x).toMatchObject({ slice: "after_seq", run: { id: runId, conversation_id: conv, status: "done" } });
    expect(x.messages.map((m: any) => m.role)).toEqual(["user", "assistant"]);
    expect(x.tool_calls).toEqual([expect.objectContaining({ id: "call_9", name: "file_read", arguments: { path: "log.txt" }, result_chars: 3000, truncated: true })]);
  });

  test("Markdown export: an attachment, never cached, opening with the review reminder", async () => {
    const res = await get(`/api/activity/runs/${runId}/export.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/markdown");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="run-${runId}.md"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const md = await res.text();
    expect(md.startsWith(`> ${T.exportReviewReminder}`)).toBe(true);
    expect(md).toContain(`# Run ${runId}`);
    expect(md).toContain("3000 characters, cut for the export");
  });

  test("secrets from the server's env are redacted in both formats", async () => {
    for (const path of ["export.json", "export.md"]) {
      const text = await (await get(`/api/activity/runs/${runId}/${path}`)).text();
      expect(text).not.toContain(SK);
      expect(text).not.toContain(PLAIN);
      expect(text).toContain(path.endsWith("json") ? JSON.stringify(`keys ${T.redacted} and ${T.redacted}`) : `keys ${T.redacted} and ${T.redacted}`);
    }
  });

  test("a secret held only in the server's private environment (not process.env) is redacted too", async () => {
    const privateOnly = new Hono();
    privateOnly.route("/api/activity/runs", exportRoutes({ ...deps, env: { TEST_EXPORT_SECRET: PLAIN } }));
    delete process.env.TEST_EXPORT_SECRET;
    try {
      const text = await (await privateOnly.request(`/api/activity/runs/${runId}/export.md`)).text();
      expect(text).toContain("keys");
      expect(text).not.toContain(PLAIN);
    } finally {
      process.env.TEST_EXPORT_SECRET = PLAIN;
    }
  });

  test("?full=1 keeps long tool results whole", async () => {
    const x = await (await get(`/api/activity/runs/${runId}/export.json?full=1`)).json();
    expect(x.tool_calls[0]).toMatchObject({ result: "L".repeat(3000), truncated: false });
    expect(await (await get(`/api/activity/runs/${runId}/export.md?full=1`)).text()).not.toContain("cut for the export");
  });

  test("an unknown run is 404 with a sentence, in both formats", async () => {
    for (const path of ["export.json", "export.md"]) {
      const res = await get(`/api/activity/runs/nope/${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: T.runNotFound });
    }
  });

  test("the export sits behind the Host/Origin fence", async () => {
    expect((await get(`/api/activity/runs/${runId}/export.json`, { origin: "http://evil.example" })).status).toBe(403);
  });
});
