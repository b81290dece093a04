import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { localDate } from "../../src/config/owner-time.ts";
import type { AppDeps } from "../../src/server/deps.ts";
import { statsRoutes } from "../../src/server/routes/stats.ts";
import { recordSideCall } from "../../src/store/side-calls.ts";
import { testApp } from "../helpers/app.ts";
import { collect, isEnd } from "../helpers/sse.ts";

const TZ = "Asia/Ho_Chi_Minh";

describe("GET /api/stats", async () => {
  const t = await testApp();
  const deps: AppDeps = { settings: { timezone: TZ, allowedHosts: [] }, store: t.store, assets: t.assets, host: t.runtime.host, hub: t.runtime.hub, crew: t.runtime.crew };
  const app = new Hono();
  app.route("/api/stats", statsRoutes(deps));
  const stats = async () => {
    const res = await app.request("/api/stats");
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };
  // Titled, so no background title call (K-06) adds a ledger row while the test counts them.
  const turn = async (text: string) => {
    const id = (await (await t.json("/api/conversations", "POST", { title: "stats" })).json()).id as string;
    await collect(await t.json(`/api/conversations/${id}/messages`, "POST", { text }), isEnd);
  };

  test("an empty store answers 30 empty owner days and empty sections", async () => {
    const s = await stats();
    expect(s.days.length).toBe(30);
    expect(s.days.at(-1).date).toBe(localDate(new Date(), TZ));
    expect(s.days.every((d: any) => d.calls === 0 && d.cost_usd === 0)).toBe(true);
    expect(s).toMatchObject({ models: [], purposes: [], agents: [], totals: { calls: 0, cost_usd: 0, unknown_cost_calls: 0 } });
  });

  test("a chat turn and a side call both land in the ledger, by model, purpose and agent", async () => {
    await turn("xin chào");
    recordSideCall(t.store, { purpose: "title", provider: "fake", model: "echo", costUsd: 0.002, agentId: "default" });
    const s = await stats();
    expect(s.days.at(-1)).toMatchObject({ calls: 2, cost_usd: 0.002 });
    expect(s.models).toEqual([expect.objectContaining({ provider: "fake", model: "echo", calls: 2 })]);
    expect(s.purposes.map((p: any) => p.purpose).sort()).toEqual(["chat", "title"]);
    expect(s.agents).toEqual([expect.objectContaining({ agent_id: "default", calls: 2 })]);
    expect(s.models[0].input_tokens).toBeGreaterThan(0);
  });

  test("repeated requests answer the same until a write, which shows at once (cache keyed by writes)", async () => {
    const first = await stats();
    expect(await stats()).toEqual(first);
    await turn("một nữa");
    const after = await stats();
    expect(after.totals.calls).toBe(first.totals.calls + 1);
  });
});
