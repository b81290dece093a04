// The first run (issue 11): with no model route the home page says so and offers the fake model in
// one click, which is saved like a Connections change and makes the chat answer without a restart;
// /api/inbound refuses with a 503 sentence and stores nothing.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIRST_RUN } from "../../src/texts/vi-first-run.ts";
import { listConversations } from "../../src/store/conversations.ts";
import { testApp } from "../helpers/app.ts";
import { collect } from "../helpers/sse.ts";

const NO_ROUTE = { MY_AGENT_ROUTES: "" };
const hx = { "hx-request": "true" };

describe("first run without a model route", () => {
  test("the home page shows the welcome card: a link to Kết nối and the fake-model button", async () => {
    const t = await testApp([], NO_ROUTE);
    const page = await (await t.request("/")).text();
    const card = /<section class="welcome first-run" id="first-run"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    expect(card).toContain(FIRST_RUN.title);
    expect(card).toContain(`<a class="btn" href="/manage/connections">${FIRST_RUN.openConnections}</a>`);
    expect(card).toContain('hx-post="/ui/first-run"');
    expect(card).toContain(`<button class="btn btn-primary" type="submit">${FIRST_RUN.tryFake}</button>`);
  });

  test("the button sets fake:echo in <home>/env, the card goes, and a send is answered without a restart", async () => {
    const t = await testApp([], NO_ROUTE);
    const res = await t.request("/ui/first-run", { method: "POST", headers: hx });
    expect(res.status).toBe(204);
    expect(res.headers.get("hx-refresh")).toBe("true");
    expect(readFileSync(join(t.root, "env"), "utf8")).toContain("MY_AGENT_ROUTES=fake:echo");
    const page = await (await t.request("/")).text();
    expect(page).not.toContain('id="first-run"');
    const conv = listConversations(t.store, { agentId: "default" })[0]!.id;
    const reply = await collect(await t.json(`/api/conversations/${conv}/messages`, "POST", { text: "xin chào", request_id: "fr-1" }));
    expect(reply.at(-1)).toMatchObject({ type: "done", text: "xin chào" });
  });

  test("without htmx the same button is a form post answered with a redirect home", async () => {
    const t = await testApp([], NO_ROUTE);
    const res = await t.request("/ui/first-run", { method: "POST" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(readFileSync(join(t.root, "env"), "utf8")).toContain("MY_AGENT_ROUTES=fake:echo");
  });

  test("with a route set there is no card", async () => {
    const t = await testApp();
    expect(await (await t.request("/")).text()).not.toContain('id="first-run"');
  });

  test("/api/inbound answers 503 with a sentence naming the fix, and stores nothing", async () => {
    const t = await testApp([], NO_ROUTE);
    const res = await t.json("/api/inbound", "POST", { text: "xin chào" });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: FIRST_RUN.inboundNoRoute("default") });
    expect(FIRST_RUN.inboundNoRoute("default")).toContain("MY_AGENT_ROUTES");
    expect(listConversations(t.store, { agentId: "default" })).toEqual([]);
  });
});
