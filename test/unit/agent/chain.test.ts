import { describe, expect, test } from "bun:test";
import { getConversation } from "../../../src/store/conversations.ts";
import { listSteps } from "../../../src/store/runs.ts";
import { TD } from "../../../src/texts/vi-durable.ts";
import { harness, route } from "./harness.ts";

const http = (status: number, transient = status === 429 || status >= 500) => ({ error: { kind: "http" as const, status, message: `HTTP ${status}`, transient } });

describe("provider chain, retries and escalation", () => {
  test("fallback happens only before the first streamed item, and is a step with the failed attempt's times", async () => {
    const h = harness();
    const a = route([http(401)], "scripted:a");
    const b = route([{ text: "from b" }], "scripted:b");
    const result = await h.turn([a, b], { user: "x" });
    expect(result).toMatchObject({ status: "done", text: "from b" });
    expect(h.of("fallback")).toEqual([{ type: "fallback", from: "scripted:a", to: "scripted:b", error: "HTTP 401" }]);
    expect(h.sleeps).toEqual([]);
    const steps = listSteps(h.store, h.run().id);
    expect(steps.map((s) => [s.type, s.status])).toEqual([["fallback", "error"], ["model", "done"]]);
    expect(steps[0]!.endedAt! <= steps[1]!.startedAt).toBe(true);
  });

  test("once a route has streamed text, a failure surfaces: no retry, no fallback", async () => {
    const h = harness();
    const a = route([{ text: "half an ans", error: { message: "HTTP 500", transient: true } }], "scripted:a");
    const b = route([{ text: "never" }], "scripted:b");
    const result = await h.turn([a, b], { user: "x" });
    expect(result.status).toBe("error");
    expect(b.provider.requests.length).toBe(0);
    expect(h.sleeps).toEqual([]);
    expect(getConversation(h.store, h.conv.id)!.unknownCostCalls).toBe(1);
    expect(h.run().status).toBe("error");
  });

  test("a transient error before any text is retried once on the same route after 2 s", async () => {
    const h = harness();
    const a = route([http(429), { text: "second try" }], "scripted:a");
    const result = await h.turn([a], { user: "x" });
    expect(result.text).toBe("second try");
    expect(h.sleeps).toEqual([2000]);
    expect(h.of("route_retry")).toEqual([{ type: "route_retry", route: "scripted:a", error: "HTTP 429" }]);
  });

  test("thinking before a transient error still allows the retry; the retry failing falls through", async () => {
    const h = harness();
    const a = route([{ thinking: "hm", error: { message: "provider_unavailable", code: "provider_unavailable", transient: true } }, http(500)], "scripted:a");
    const b = route([{ text: "b answers" }], "scripted:b");
    const result = await h.turn([a, b], { user: "x" });
    expect(result.text).toBe("b answers");
    expect(a.provider.requests.length).toBe(2);
    expect(h.types()).toEqual(["thinking", "route_retry", "fallback", "text_delta", "done"]);
  });

  test("every route failing ends the turn with status error, each route's failure in its own words", async () => {
    const h = harness();
    const result = await h.turn([route([http(500), http(500)], "scripted:a"), route([http(400)], "scripted:b")], { user: "x" });
    expect(result.status).toBe("error");
    const each = [TD.providerUnavailable("scripted", "HTTP 500"), TD.providerRefused("scripted", "HTTP 400")];
    const words = TD.allRoutesFailed(each.join(" "));
    expect(h.of("error")[0]!.message).toBe(words);
    expect(listSteps(h.store, h.run().id).map((s) => s.type)).toEqual(["fallback", "fallback"]);
    expect(h.run()).toMatchObject({ status: "error", summary: words });
  });

  test("escalation takes over once when all primary routes failed, visibly, for the rest of the turn", async () => {
    const h = harness();
    const primary = route([http(400)], "scripted:cheap");
    const big = route([{ toolCalls: [{ name: "lookup", args: { q: "x" } }] }, { text: "escalated answer" }], "scripted:big");
    const result = await h.turn([primary], { user: "x", escalation: big });
    expect(result.text).toBe("escalated answer");
    expect(h.of("escalated")).toEqual([{ type: "escalated", from: "scripted:cheap", to: "scripted:big", reason: "routes_failed" }]);
    expect(primary.provider.requests.length).toBe(1);
    expect(listSteps(h.store, h.run().id).map((s) => s.type)).toEqual(["fallback", "escalation", "model", "tool", "model"]);
  });

  test("escalation happens at most once per turn, and never to a route equal to a primary one", async () => {
    const h = harness();
    const big = route([http(400)], "scripted:big");
    const result = await h.turn([route([http(400)], "scripted:cheap")], { user: "x", escalation: big });
    expect(result.status).toBe("error");
    expect(h.of("escalated").length).toBe(1);
    const h2 = harness();
    const same = route([http(400)], "scripted:cheap");
    await h2.turn([same], { user: "x", escalation: route([{ text: "no" }], "scripted:cheap") });
    expect(h2.of("escalated")).toEqual([]);
  });

  test("the loop detector escalates instead of halting when an escalation route exists", async () => {
    const h = harness();
    const same = { toolCalls: [{ name: "lookup", args: { q: "a" } }] };
    const result = await h.turn([route([same, same, same])], { user: "x", escalation: route([{ text: "unstuck" }], "scripted:big") });
    expect(result.text).toBe("unstuck");
    expect(h.of("escalated")[0]!.reason).toBe("loop");
  });

  test("running out of steps or budget never escalates", async () => {
    const h = harness({ costCapUsd: 0.01 });
    const big = route([{ text: "no" }], "scripted:big");
    const r = route([{ toolCalls: [{ name: "lookup", args: { q: "1" } }], usage: { costUsd: 0.02 } }]);
    const result = await h.turn([r], { user: "x", escalation: big });
    expect(result).toMatchObject({ status: "halted", haltReason: "budget" });
    expect(big.provider.requests.length).toBe(0);
  });
});
