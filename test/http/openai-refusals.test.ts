// The OpenAI door's models list and its refusals, in OpenAI's error shape: the token rule of /api/inbound
// (required off loopback, from everyone when set), bad bodies naming the field, unknown models and
// paths, an agent without a route. The official client drives it through the real app in process.
import { describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { FIRST_RUN } from "../../src/texts/vi-first-run.ts";
import { TA } from "../../src/texts/vi-auth.ts";
import { TO } from "../../src/texts/vi-openai.ts";
import { T } from "../../src/texts/vi.ts";
import { testApp } from "../helpers/app.ts";
import { LAN_IP, lanApp, type LanOptions } from "../helpers/lan.ts";

const TOKEN = "openai-door-token-0123456789";

/** The official client, its requests answered by an app as if they came from `ip`. */
async function door(opts: LanOptions, ip: string, apiKey = TOKEN) {
  const l = await lanApp(opts);
  const fetch = async (url: string | URL | Request, init?: RequestInit) =>
    l.req(new URL(String(url)).pathname, init, ip);
  const client = new OpenAI({ baseURL: "http://192.168.1.10:8420/v1", apiKey, maxRetries: 0, fetch });
  return { ...l, client };
}

const hello = { model: "my-crew", messages: [{ role: "user" as const, content: "xin chào" }] };

describe("GET /v1/models", () => {
  test("my-crew first, then each member of the running crew; one model by name; others 404", async () => {
    const t = await testApp();
    expect((await t.json("/api/agents/install", "POST", { template: "researcher" })).status).toBe(201);
    const client = new OpenAI({
      baseURL: "http://127.0.0.1:8420/v1", apiKey: "unused", maxRetries: 0,
      fetch: async (url, init) => t.request(new URL(String(url)).pathname, init),
    });
    const models = [];
    for await (const m of client.models.list()) models.push(m);
    expect(models).toEqual([
      { id: "my-crew", object: "model", created: 0, owned_by: "my-crew" },
      { id: "researcher", object: "model", created: 0, owned_by: "my-crew" },
    ]);
    expect((await client.models.retrieve("researcher")).id).toBe("researcher");
    // The master's id is not a model name: one name for one thing.
    const master = await client.models.retrieve("default").catch((e) => e);
    expect(master).toBeInstanceOf(OpenAI.NotFoundError);
    expect(master.error).toMatchObject({ message: TO.modelNotFound("default"), code: "model_not_found" });

    const { data, response } = await client.chat.completions.create({ ...hello, model: "researcher" }).withResponse();
    expect(data.choices[0]!.message.content).toBe("xin chào");
    const conv = response.headers.get("x-my-crew-conversation")!;
    expect(t.store.db.query("SELECT agent_id FROM conversations WHERE id = ?").get(conv)).toEqual({
      agent_id: "researcher",
    });
    const ghost = await client.chat.completions.create({ ...hello, model: "ghost" }).catch((e) => e);
    expect(ghost).toBeInstanceOf(OpenAI.NotFoundError);
    expect(ghost.error).toEqual({
      message: TO.modelNotFound("ghost"), type: "not_found_error", param: "model", code: "model_not_found",
    });
  });
});

describe("auth: the inbound token's rule", () => {
  test("token set: a LAN client with it is answered (no login needed); without it or wrong, 401", async () => {
    const d = await door({ inboundToken: TOKEN }, LAN_IP);
    expect((await d.client.chat.completions.create(hello)).choices[0]!.message.content).toBe("xin chào");
    const wrong = await (await door({ inboundToken: TOKEN }, "127.0.0.1", "not-it")).client.models.list()
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(wrong.error).toMatchObject({ message: TA.inboundWrong, type: "authentication_error" });
    const missing = await d.req("/v1/models", {}, "127.0.0.1");
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { message: TA.inboundMissing, type: "authentication_error", param: null, code: null },
    });
  });

  test("no token, bound to the LAN: this machine is answered, a LAN client gets 403", async () => {
    const local = await door({}, "127.0.0.1", "anything");
    expect((await local.client.chat.completions.create(hello)).choices[0]!.message.content).toBe("xin chào");
    const far = await door({}, LAN_IP, "anything");
    const refused = await far.client.chat.completions.create(hello).catch((e) => e);
    expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(refused.error).toMatchObject({ message: T.inboundNeedsToken, type: "permission_error" });
    expect(far.logs.some((l) => l.includes(`inbound refused from ${LAN_IP}`))).toBe(true);
  });
});

describe("bad requests: 400 naming the field, nothing stored", () => {
  test("each refusal names its field in OpenAI's shape", async () => {
    const d = await door({ lan: false, inboundToken: TOKEN }, "127.0.0.1");
    const post = async (body: unknown) => {
      const res = await d.req("/v1/chat/completions", {
        method: "POST", body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      }, "127.0.0.1");
      type Answer = { error: Record<string, unknown>; choices?: { message: { content: string } }[] };
      const json = (await res.json()) as Answer;
      return { status: res.status, error: json.error, content: json.choices?.[0]!.message.content };
    };
    const user = (content: unknown) => ({ model: "my-crew", messages: [{ role: "user", content }] });
    const cases: [unknown, string | null, string?][] = [
      ["nope", null, T.badJson],
      [{ messages: hello.messages }, "model"],
      [{ model: 5, messages: hello.messages }, "model"],
      [{ model: "my-crew" }, "messages"],
      [{ model: "my-crew", messages: [] }, "messages"],
      [{ model: "my-crew", messages: [{ content: "x" }] }, "messages[0].role"],
      [{ ...hello, stream: "yes" }, "stream"],
      [{ ...hello, user: "a b" }, "user"],
      [{ model: "my-crew", messages: [{ role: "system", content: "x" }] }, "messages", TO.noUserMessage],
      [user([{ type: "image_url", image_url: { url: "x" } }]), "messages[0].content", TO.emptyUserMessage],
      [user("   "), "messages[0].content", TO.emptyUserMessage],
      [user("x".repeat(100_001)), "messages[0].content", TO.textTooLong(100_000)],
    ];
    for (const [body, param, message] of cases) {
      const r = await post(body);
      expect({ body, status: r.status, type: r.error.type, param: r.error.param }).toEqual({
        body, status: 400, type: "invalid_request_error", param,
      });
      if (message) expect(r.error.message).toBe(message);
      else expect(r.error.message).toContain(`"${param}"`);
    }
    expect(d.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
    const big = await post(user("x".repeat(1_100_000)));
    expect(big).toMatchObject({ status: 413, error: { type: "invalid_request_error" } });
    // A bare /steer opens the day's conversation before the send refuses it, as on /api/inbound.
    expect(await post(user("/steer"))).toMatchObject({ status: 400, error: { message: T.steerEmpty, param: null } });
    const text = (t: string) => ({ type: "text", text: t });
    const parts = await post(user([text("một"), { type: "image_url" }, text("hai")]));
    expect(parts).toMatchObject({ status: 200, content: "một\nhai" });
    const unknown = await d.req("/v1/embeddings", { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: unknown }).error).toMatchObject({ message: TO.pathNotFound });
  });

  test("an agent without a model route: 503 naming the fix, not retried, nothing stored", async () => {
    const t = await testApp([], { MY_AGENT_ROUTES: "" });
    const res = await t.json("/v1/chat/completions", "POST", hello);
    expect(res.status).toBe(503);
    expect(res.headers.get("x-should-retry")).toBe("false");
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({
      message: FIRST_RUN.inboundNoRoute("default"), type: "server_error",
    });
    expect(t.store.db.query("SELECT count(*) AS n FROM conversations").get()).toEqual({ n: 0 });
  });
});
